import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { vendorPaths } from '#app/route-paths.ts';

export const REQUEST_QUEUED_MESSAGE = 'Saved on this device; it will be sent when you are back online.';

/** The Create Request dialog after the request (and its photos) was kept in the outbox. */
export function VendorRequestQueued({
  propertyName,
  photoCount,
  onNew,
  onClose,
}: {
  propertyName: string;
  photoCount: number;
  onNew: () => void;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert
        color="blue"
        variant="light"
        icon={<IconCloudUpload aria-hidden />}
        role="status"
        title="Request saved"
      >
        {REQUEST_QUEUED_MESSAGE}
      </Alert>
      <Text size="sm">
        The manager of {propertyName} gets it, with {photoCount === 1 ? '1 photo' : `${photoCount} photos`},
        once it reaches the server. Until then it waits in the{' '}
        <Anchor component={Link} to={vendorPaths.outbox} onClick={onClose}>
          Outbox
        </Anchor>
        , even if you close the app.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNew}>
          New Request
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
