import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useOfflineSession, useOutboxItems } from '#app/offline/outbox-hooks.ts';
import { discardOutboxItem } from '#app/offline/outbox-store.ts';
import { usePendingPhotoUrls } from '#app/offline/pending-photo-urls.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { vendorPaths } from '#app/route-paths.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';

export const COMPLETION_QUEUED_MESSAGE = 'Saved on this device; it will be sent when you are back online.';

/** This request's "Mark as complete" still in the outbox (waiting, sending or refused), if any. */
export function usePendingCompletion(requestId: number): OutboxItem | undefined {
  return useOutboxItems(requestId).find((item) => item.kind === 'request.complete');
}

const BADGE: Record<OutboxItem['state'], { label: string; color: string }> = {
  pending: { label: 'Waiting to send', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  refused: { label: 'Not sent', color: 'red' },
};

/**
 * The completion the vendor made without a connection, in place of the form: the note and the
 * photos as they wait on this phone. A refused one says why and can be discarded here, which brings
 * the form back to do it again (its photos cannot be changed in the Outbox).
 */
export function PendingCompletionCard({ item }: { item: OutboxItem }) {
  const session = useOfflineSession();
  const photos = usePendingPhotoUrls(item);
  const refused = item.state === 'refused';
  const badge = BADGE[item.state];

  const discard = () =>
    openConfirmDialog({
      title: 'Discard this completion?',
      children: (
        <Text size="sm">
          The note and photos have not reached the server and will be deleted from this phone. You can mark
          the job complete again afterwards.
        </Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (!session) return;
        discardOutboxItem(session.db, item.seq).then(
          () => showToast({ color: 'green', message: 'Completion discarded.' }),
          (error: unknown) =>
            showToast({
              color: 'red',
              message: error instanceof Error ? error.message : 'That did not work.',
            }),
        );
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="pending-completion">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            Mark as complete
          </Title>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {refused ? (
          <Alert color="red" variant="light" role="alert" title="The server refused this completion">
            {item.refusal?.message ?? 'It was not accepted.'}
          </Alert>
        ) : (
          <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} role="status">
            {COMPLETION_QUEUED_MESSAGE}
          </Alert>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {String(item.body.note ?? '')}
        </Text>
        {photos.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {photos.map((photo, index) => (
              <Image
                key={photo.id}
                src={photo.url}
                alt={`Completion photo ${index + 1} (waiting to upload)`}
                radius="sm"
                h={110}
                fit="cover"
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            No completion photos.
          </Text>
        )}
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Anchor component={Link} to={vendorPaths.outbox} size="sm">
            Open the Outbox
          </Anchor>
          {refused ? (
            <Button color="red" variant="light" onClick={discard}>
              Discard and redo
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
