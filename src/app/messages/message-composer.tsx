import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_MESSAGE_LENGTH } from '#shared/message-schemas.ts';

/**
 * The message input and send button, disabled while the text is blank after trimming (signed-in
 * spec, section 5). Enter sends, Shift+Enter breaks the line. The text is kept when sending fails.
 */
export function MessageComposer({
  onSend,
  sending,
}: {
  onSend: (content: string, clear: () => void) => void;
  sending: boolean;
}) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const send = () => {
    if (blank || sending) return;
    onSend(text.trim(), () => setText(''));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
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
