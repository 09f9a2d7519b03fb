import { type ComboboxData, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { FilterDialogButtons } from './filter-dialog.tsx';

/** One select of a filter dialog; `key` names its value. */
export interface FilterSelect<Key extends string> {
  key: Key;
  label: string;
  placeholder: string;
  data: ComboboxData;
  searchable?: boolean;
}

/**
 * A filter dialog's fields when each filter is one clearable select: they start from `initial`, Clear
 * empties them all, and Apply Filters hands the chosen values (null for "all") to `onApply`.
 */
export function SelectFilterFields<Key extends string>({
  selects,
  initial,
  onApply,
  onClose,
}: {
  selects: readonly FilterSelect<Key>[];
  initial: Record<Key, string | null>;
  onApply: (values: Record<Key, string | null>) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const cleared = Object.fromEntries(selects.map((select) => [select.key, null])) as Record<Key, null>;
  return (
    <Stack gap="md">
      {selects.map((select) => (
        <Select
          key={select.key}
          label={select.label}
          placeholder={select.placeholder}
          data={select.data}
          value={values[select.key]}
          onChange={(value) => setValues((current) => ({ ...current, [select.key]: value }))}
          clearable
          searchable={select.searchable}
        />
      ))}
      <FilterDialogButtons
        onClear={() => setValues(cleared)}
        onCancel={onClose}
        onApply={() => onApply(values)}
      />
    </Stack>
  );
}
