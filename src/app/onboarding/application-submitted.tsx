import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An application's success page: the check mark and "Application Submitted Successfully", then `children`. */
export function ApplicationSubmitted({ maw, children }: { maw: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={maw} mx="auto">
      <Stack align="center" ta="center" gap="md">
        <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz="h2">
          Application Submitted Successfully
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A success page whose application details did not load. */
export function ApplicationLoadFailed({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      maw={560}
      mx="auto"
      title={title}
    >
      {children}
    </Alert>
  );
}
