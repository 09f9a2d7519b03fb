import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { vendorPaths } from '#app/route-paths.ts';

export const BID_QUEUED_MESSAGE = 'Saved on this device; it will be sent when you are back online.';

/** The dialog after a bid was kept in the outbox because the server could not be reached. */
export function BidQueued({ onClose }: { onClose: () => void }) {
  return (
    <Stack gap="md">
      <Alert
        color="blue"
        variant="light"
        icon={<IconCloudUpload aria-hidden />}
        role="status"
        title="Bid saved"
      >
        {BID_QUEUED_MESSAGE}
      </Alert>
      <Text size="sm">
        Until then it shows as Pending sync in My Bids and on the request. You can follow it in the{' '}
        <Anchor component={Link} to={vendorPaths.outbox} onClick={onClose}>
          Outbox
        </Anchor>
        .
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
