import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MAX_MESSAGE_LENGTH, MAX_MESSAGE_PHOTOS } from '#shared/message-schemas.ts';
import { type ChosenPhoto, ChosenPhotos } from './chosen-photos.tsx';

/** What a choice of files left out, in words: nothing is dropped without saying so. */
function leftOutNote(notImages: number, overLimit: number): string | null {
  const parts: string[] = [];
  if (notImages > 0)
    parts.push(`only photos can be attached (${notImages} ${notImages === 1 ? 'file' : 'files'} not added)`);
  if (overLimit > 0) parts.push(`at most ${MAX_MESSAGE_PHOTOS} photos per message (${overLimit} not added)`);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * The message input, its photos and the send button, disabled while the text is blank after
 * trimming (signed-in spec, section 5: photos come with words). Enter sends, Shift+Enter breaks the
 * line. Up to MAX_MESSAGE_PHOTOS photos, from the camera or the library. The text and photos are
 * kept when sending fails, and cleared once the message is sent or kept on the device to send.
 */
export function MessageComposer({
  onSend,
  sending,
}: {
  onSend: (draft: { content: string; photos: File[] }, clear: () => void) => void;
  sending: boolean;
}) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const nextId = useRef(1);
  const [note, setNote] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const blank = text.trim() === '';
  const send = () => {
    if (blank || sending) return;
    onSend({ content: text.trim(), photos: photos.map((photo) => photo.file) }, () => {
      setText('');
      setPhotos([]);
      setNote(null);
    });
  };
  const add = (chosen: File[]) => {
    const images = chosen.filter((file) => file.type === '' || file.type.startsWith('image/'));
    const room = Math.max(0, MAX_MESSAGE_PHOTOS - photos.length);
    const added = images.slice(0, room).map((file) => ({ id: nextId.current++, file }));
    setPhotos([...photos, ...added]);
    setNote(leftOutNote(chosen.length - images.length, Math.max(0, images.length - room)));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ChosenPhotos
        photos={photos}
        onRemove={(id) => {
          setPhotos(photos.filter((photo) => photo.id !== id));
          setNote(null);
        }}
      />
      {note ? (
        <Text size="xs" c="orange.9" mb="xs" role="status">
          {note}
        </Text>
      ) : null}
      {photos.length > 0 && blank ? (
        <Text size="xs" c="dimmed" mb="xs">
          Write a few words to send with the {photos.length === 1 ? 'photo' : 'photos'}.
        </Text>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="message-photo-input"
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            // The same photo may be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
        />
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Attach photos"
          disabled={sending || photos.length >= MAX_MESSAGE_PHOTOS}
          onClick={() => picker.current?.click()}
        >
          <IconPhotoPlus size={18} aria-hidden />
        </ActionIcon>
        <Textarea
          flex={1}
          aria-label="Message"
          placeholder="Type your message..."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={MAX_MESSAGE_LENGTH}
        />
        <ActionIcon type="submit" size={36} disabled={blank} loading={sending} aria-label="Send message">
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
