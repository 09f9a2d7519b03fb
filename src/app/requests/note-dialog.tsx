import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface NoteDialogProps {
  opened: boolean;
  title: string;
  message: string;
  label: string;
  /** A blank note is refused with this text; optional notes pass none. */
  requiredMessage?: string;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}

/** A confirm dialog with a note (cancel reason, send-back note, confirmation note). */
export function NoteDialog(props: NoteDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts blank (the parent closes the dialog once the step succeeded).
  useEffect(() => {
    if (props.opened) {
      setNote('');
      setError(null);
    }
  }, [props.opened]);
  const close = () => props.onClose();
  const confirm = () => {
    if (props.requiredMessage && note.trim() === '') {
      setError(props.requiredMessage);
      return;
    }
    props.onConfirm(note.trim());
  };

  return (
    <Modal opened={props.opened} onClose={close} title={props.title} styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md">
        <Text size="sm">{props.message}</Text>
        <Textarea
          label={props.label}
          required={Boolean(props.requiredMessage)}
          autosize
          minRows={3}
          maxLength={5000}
          value={note}
          error={error}
          data-autofocus
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={props.pending}>
            Back
          </Button>
          <Button color={props.confirmColor} onClick={confirm} loading={props.pending}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
