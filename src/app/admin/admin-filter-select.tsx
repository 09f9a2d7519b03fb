import { type ComboboxData, Select } from '@mantine/core';

/** A staff list's clearable filter: full width on a phone, `width` pixels from xs up. */
export function AdminFilterSelect<Value extends string>({
  label,
  placeholder,
  data,
  value,
  onChange,
  width,
}: {
  label: string;
  placeholder: string;
  data: ComboboxData;
  value: Value | null;
  onChange: (value: Value | null) => void;
  width: number;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(chosen) => onChange(chosen as Value | null)}
      clearable
      w={{ base: '100%', xs: width }}
    />
  );
}
