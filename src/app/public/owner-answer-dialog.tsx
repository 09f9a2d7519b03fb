import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { saveFailureMessage, serverFieldErrors } from '#app/ui/server-form-errors.ts';

/**
 * The owner's written answers, each in a dialog of one field: Decline (a reason) and Ask a question.
 * An empty field is refused here with the contract's message; the server's own refusal shows under
 * the field or above the buttons.
 */
export function OwnerAnswerDialog({
  opened,
  onClose,
  title,
  field,
  label,
  emptyMessage,
  submitLabel,
  submitColor,
  busy,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  field: 'reason' | 'question';
  label: string;
  emptyMessage: string;
  submitLabel: string;
  submitColor: string;
  busy: boolean;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const value = text.trim();
    if (value === '') {
      setError(emptyMessage);
      return;
    }
    setError(null);
    setFailure(null);
    try {
      await onSubmit(value);
      setText('');
      onClose();
    } catch (refusal) {
      const fields = serverFieldErrors(refusal, [field]);
      if (fields?.[field]) setError(fields[field]);
      else setFailure(saveFailureMessage(refusal, 'Your answer could not be sent. Try again.'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <Textarea
            label={label}
            required
            autosize
            minRows={4}
            maxLength={2000}
            value={text}
            error={error}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color={submitColor} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
