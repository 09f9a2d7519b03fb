import { Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  FilterDialog,
  FilterDialogButtons,
  type FilterDialogProps,
  type FilterFieldsProps,
} from '#app/ui/filter-dialog.tsx';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, type AuditAction } from '#shared/admin-audit-log.ts';

export interface AuditLogFilters {
  action: AuditAction | null;
  from: string | null;
  to: string | null;
}

const ACTION_OPTIONS = AUDIT_ACTION_GROUPS.map(({ group, actions }) => ({
  group,
  items: actions.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
}));
const DATE_FORMAT = 'MMM D, YYYY';

/** The Audit log's filter dialog: one action and a range of days (either end may stay open). */
export function AuditLogFilterDialog({
  opened,
  initial,
  onApply,
  onClose,
}: FilterDialogProps<AuditLogFilters>) {
  return (
    <FilterDialog
      title="Filter the audit log"
      opened={opened}
      onClose={onClose}
      fields={<FilterFields initial={initial} onApply={onApply} onClose={onClose} />}
    />
  );
}

function FilterFields({ initial, onApply, onClose }: FilterFieldsProps<AuditLogFilters>) {
  const [action, setAction] = useState<string | null>(initial.action);
  const [from, setFrom] = useState<string | null>(initial.from);
  const [to, setTo] = useState<string | null>(initial.to);
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Stack gap="md">
      <Select
        label="Action"
        placeholder="All actions"
        data={ACTION_OPTIONS}
        value={action}
        onChange={setAction}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <DateInput
        label="From"
        placeholder="Any day"
        valueFormat={DATE_FORMAT}
        maxDate={to ?? today}
        clearable
        value={from}
        onChange={setFrom}
        popoverProps={{ withinPortal: true }}
      />
      <DateInput
        label="To"
        placeholder="Any day"
        valueFormat={DATE_FORMAT}
        minDate={from ?? undefined}
        maxDate={today}
        clearable
        value={to}
        onChange={setTo}
        popoverProps={{ withinPortal: true }}
      />
      <FilterDialogButtons
        onClear={() => {
          setAction(null);
          setFrom(null);
          setTo(null);
        }}
        onCancel={onClose}
        onApply={() => onApply({ action: action as AuditAction | null, from, to })}
      />
    </Stack>
  );
}
