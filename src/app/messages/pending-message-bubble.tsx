import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useOutboxItems } from '#app/offline/outbox-hooks.ts';
import { usePendingPhotoUrls } from '#app/offline/pending-photo-urls.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { vendorPaths } from '#app/route-paths.ts';
import type { ThreadRef } from './api.ts';
import { MessagePhotos } from './message-photos.tsx';
import classes from './messages.module.css';

/** This thread's messages still in the outbox, in the order they were written. */
export function usePendingMessages(thread: ThreadRef): OutboxItem[] {
  return useOutboxItems(thread.requestId).filter(
    (item) =>
      item.kind === 'message.create' &&
      (thread.vendorId === undefined || item.body.vendor === thread.vendorId),
  );
}

/**
 * A message the server has not answered yet ('Waiting to send'), or one it refused, with the reason
 * and the Outbox where it can be edited or discarded. `left`: the writer is a property manager.
 */
export function PendingMessageBubble({ item, left }: { item: OutboxItem; left: boolean }) {
  const refused = item.state === 'refused';
  // The photos kept on this device with it (photo-write.ts), shown as they will be sent.
  const photos = usePendingPhotoUrls(item);
  const side = left ? classes.left : classes.right;
  return (
    <div
      className={`${classes.bubble} ${side} ${classes.pending} ${refused ? classes.refused : ''}`}
      data-testid="pending-message"
    >
      <Text size="xs" fw={700} c={refused ? 'red.8' : 'blue.9'}>
        {refused ? 'Not sent' : 'Waiting to send'}
      </Text>
      <MessagePhotos photos={photos} sender="you" waiting />
      <Text size="sm">{String(item.body.content ?? '')}</Text>
      {refused && item.refusal ? (
        <Text size="xs" c="red.8" mt={4}>
          {item.refusal.message}{' '}
          <Anchor component={Link} to={vendorPaths.outbox} size="xs">
            Open the Outbox
          </Anchor>
        </Text>
      ) : null}
    </div>
  );
}
