import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { OutboxItem, OutboxKind } from '#app/offline/user-db.ts';

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

const LONG_FIELDS = new Set(['content', 'description', 'message', 'notes', 'note']);

/**
 * Writes with photos open only their text: the other fields (property, invitations) were checked by
 * the form, and photos are Blobs on this phone, so changing them means discarding and doing it again.
 */
const EDITABLE_FIELDS: Partial<Record<OutboxKind, readonly string[]>> = {
  'request.create': ['description'],
  'request.complete': ['note'],
  // A visit's step keeps the moment it was tapped (`at`): only what the vendor typed changes.
  'visit.on_my_way': ['eta_minutes'],
  'visit.arrived': [],
  'visit.left': ['note'],
};

/**
 * A bid priced by line items: its amount must stay their sum, and the lines and options
 * are lists this form keeps as they were, so the amount is not offered either.
 */
function pricedByLines(item: OutboxItem): boolean {
  const lines = item.body.line_items;
  return (
    (item.kind === 'bid.create' || item.kind === 'bid.update') && Array.isArray(lines) && lines.length > 0
  );
}

/** The plain fields of a write the user may change in this form. */
export function editableFields(item: OutboxItem): Array<[string, unknown]> {
  const only = EDITABLE_FIELDS[item.kind];
  const fixedAmount = pricedByLines(item);
  return Object.entries(item.body).filter(
    ([name, value]) =>
      isPrimitive(value) &&
      name !== 'request' &&
      (!only || only.includes(name)) &&
      !(fixedAmount && name === 'amount'),
  );
}

/** Lists in the body (a bid's line items or options) travel unchanged; the form says so. */
function keepsLists(item: OutboxItem): boolean {
  return Object.values(item.body).some((value) => Array.isArray(value) && value.length > 0);
}

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
  const editable = editableFields(item);
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
          {item.photos.length > 0 ? (
            <Text size="sm" c="dimmed">
              {`The ${item.photos.length === 1 ? 'photo stays' : `${item.photos.length} photos stay`} as taken. To change photos, discard this and make it again.`}
            </Text>
          ) : null}
          {keepsLists(item) && item.kind.startsWith('bid.') ? (
            <Text size="sm" c="dimmed">
              The line items and options stay as priced. To change them, discard this and bid again.
            </Text>
          ) : null}
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
