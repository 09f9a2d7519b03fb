import { ActionIcon, Fieldset, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { MAX_LINE_QUANTITY, MAX_UNIT_PRICE } from '#shared/bid-line-items.ts';
import { formatUsd } from '#shared/formatters.ts';
import { LINE_ITEM_UNIT_LABELS, LINE_ITEM_UNITS } from '#shared/line-item-units.ts';
import type { BidFormValues } from './bid-form-values.ts';
import steppers from './number-steppers.module.css';
import { type LineItemValues, lineRowTotal } from './priced-form-values.ts';

const UNIT_OPTIONS = LINE_ITEM_UNITS.map((unit) => ({ value: unit, label: LINE_ITEM_UNIT_LABELS[unit] }));

/** One line item: what, how much in which unit, at what unit price, and its total (read-only). */
export function LineItemRow({
  form,
  path,
  row,
  number,
  onRemove,
}: {
  form: UseFormReturnType<BidFormValues>;
  /** The row's form path, e.g. 'options.1.line_items.0'. */
  path: string;
  row: LineItemValues;
  /** 1-based, for the legend and the remove button's name. */
  number: number;
  onRemove: () => void;
}) {
  const total = lineRowTotal(row);
  return (
    <Fieldset legend={`Line item ${number}`} p="sm" radius="md">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Description"
          required
          maxLength={200}
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps(`${path}.description`)}
        />
        <ActionIcon
          size={44}
          variant="subtle"
          color="red"
          aria-label={`Remove line item ${number}`}
          onClick={onRemove}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt="xs">
        <NumberInput
          label="Quantity"
          classNames={steppers}
          required
          min={0}
          max={MAX_LINE_QUANTITY}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps(`${path}.quantity`)}
        />
        <Select
          label="Unit"
          data={UNIT_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps(`${path}.unit`)}
        />
        <NumberInput
          label="Unit price"
          classNames={steppers}
          required
          min={0}
          max={MAX_UNIT_PRICE}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          prefix="$"
          {...form.getInputProps(`${path}.unit_price`)}
        />
        <TextInput label="Total" readOnly variant="filled" value={total === null ? '—' : formatUsd(total)} />
      </SimpleGrid>
    </Fieldset>
  );
}
