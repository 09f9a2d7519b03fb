import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { RequestViewerRole } from './request-actions.tsx';

/**
 * A request the server could not be reached for and this device holds no copy of. Offline is not a
 * refusal: the vendor is told the job was not kept and how jobs are kept ("Keep offline" on
 * Available Jobs); the managing side keeps nothing, so it is told to come back online.
 */
export function RequestNotKept({ role, backTo }: { role: RequestViewerRole; backTo: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={640} role="alert">
      <Stack gap="sm">
        <Title order={1} fz="h3" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <IconCloudOff size={22} aria-hidden /> Not saved for offline use
        </Title>
        {role === 'vendor' ? (
          <>
            <Text>You are offline, and this job is not saved on this phone.</Text>
            <Text size="sm" c="dimmed">
              To read a job without a connection, keep it while you are online: tap “Keep offline” on the job
              in Available Jobs. Kept jobs are listed in the Outbox.
            </Text>
          </>
        ) : (
          <Text>
            You are offline, and this request is not saved on this device. Open it again once you are back
            online.
          </Text>
        )}
        <Button component={Link} to={backTo} variant="default" w="fit-content">
          {role === 'vendor' ? 'Available Jobs' : 'Back'}
        </Button>
      </Stack>
    </Card>
  );
}
