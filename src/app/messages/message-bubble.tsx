import { Text } from '@mantine/core';
import type { Message } from '#shared/message-schemas.ts';
import { MessagePhotos, type OpenedPhoto } from './message-photos.tsx';
import { messageTime } from './message-time.ts';
import classes from './messages.module.css';

/**
 * One message: property-manager messages on the left, others on the right (signed-in spec, section
 * 2), with the photos sent with it as thumbnails that open full size.
 */
export function MessageBubble({
  message,
  onOpenPhoto,
}: {
  message: Message;
  onOpenPhoto?: (photo: OpenedPhoto) => void;
}) {
  const side = message.sender_role === 'property_manager' ? classes.left : classes.right;
  return (
    <div className={`${classes.bubble} ${side}`} data-sender-role={message.sender_role}>
      <Text
        size="xs"
        fw={700}
        className={classes.meta}
        c={message.sender_role === 'property_manager' ? 'dimmed' : undefined}
      >
        {message.sender_name} · <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
      </Text>
      <MessagePhotos photos={message.photos} sender={message.sender_name} onOpen={onOpenPhoto} />
      <Text size="sm">{message.content}</Text>
    </div>
  );
}
