import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list's filter fields get: the filters in force, and where the chosen ones go. */
export interface FilterFieldsProps<Filters> {
  initial: Filters;
  onApply: (filters: Filters) => void;
  onClose: () => void;
}

/** A list's own filter dialog: its fields' props, and whether it is open. */
export type FilterDialogProps<Filters> = FilterFieldsProps<Filters> & { opened: boolean };

/**
 * A list's filter dialog. `fields` is mounted per opening, so the dialog starts from the filters in
 * force and Cancel drops the unapplied choices.
 */
export function FilterDialog({
  title,
  opened,
  onClose,
  fields,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  fields: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} styles={{ title: { fontWeight: 700 } }}>
      {opened ? fields : null}
    </Modal>
  );
}

/** The dialog's last row: Clear empties the fields; Cancel and Apply Filters close it. */
export function FilterDialogButtons({
  onClear,
  onCancel,
  onApply,
}: {
  onClear: () => void;
  onCancel: () => void;
  onApply: () => void;
}) {
  return (
    <Group justify="space-between">
      <Button variant="subtle" onClick={onClear}>
        Clear
      </Button>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onApply}>Apply Filters</Button>
      </Group>
    </Group>
  );
}
