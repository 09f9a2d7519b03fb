import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { setPasswordPath } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { useManagerApplicationSuccess } from './api.ts';

/** /property-manager-application/:id/success (public spec, sections 2 and 8). */
export function ManagerApplicationSuccessPage() {
  useDocumentTitle('Application Submitted · FieldBid');
  const { id = '' } = useParams();
  const success = useManagerApplicationSuccess(id);

  if (success.isPending) return <CenteredLoader label="Loading application details" />;
  if (success.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        maw={560}
        mx="auto"
      >
        Failed to load application details. Please try again later.
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
      <Stack align="center" ta="center" gap="md">
        <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz="h2">
          Application Submitted Successfully
        </Title>
        <Text c="dimmed">Thank you for applying. Set a password for your account to continue.</Text>
        <Button component={Link} to={setPasswordPath(success.data.password_token)}>
          Set Your Password
        </Button>
      </Stack>
    </Paper>
  );
}
