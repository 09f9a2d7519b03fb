import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { OutboxItem } from './user-db.ts';

type Primitive = string | number | boolean;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Back to the field's own type: a number stays a number, so the server sees the same shape. */
export function parseFieldValue(original: Primitive, text: string): Primitive {
  if (typeof original === 'number') {
    const number = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(number) ? number : text;
  }
  if (typeof original === 'boolean') return text.trim().toLowerCase() === 'true';
  return text;
}

const LONG_FIELDS = new Set(['content', 'description', 'message', 'notes']);

function fieldLabel(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Re-opens a waiting or refused write for changes: one input per plain field of its body, with the
 * server's field messages under them. Fields that are lists or objects are kept as they were.
 */
export function OutboxEditForm({
  item,
  onSave,
  onClose,
}: {
  item: OutboxItem;
  onSave: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const editable = Object.entries(item.body).filter(
    ([name, value]) => isPrimitive(value) && name !== 'request',
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(editable.map(([name, value]) => [name, String(value)])),
  );
  const [saving, setSaving] = useState(false);
  const fieldErrors = item.refusal?.fieldErrors ?? {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const body: Record<string, unknown> = { ...item.body };
    for (const [name, original] of editable)
      body[name] = parseFieldValue(original as Primitive, values[name] ?? '');
    try {
      await onSave(body);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Edit: ${item.label}`} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {editable.map(([name]) => {
            const common = {
              label: fieldLabel(name),
              value: values[name] ?? '',
              error: fieldErrors[name]?.join(' '),
              onChange: (event: { currentTarget: { value: string } }) => {
                const { value } = event.currentTarget;
                setValues((current) => ({ ...current, [name]: value }));
              },
            };
            return LONG_FIELDS.has(name) ? (
              <Textarea key={name} autosize minRows={3} {...common} />
            ) : (
              <TextInput key={name} {...common} />
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save and send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
