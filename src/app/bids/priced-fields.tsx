import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TIME_UNITS } from '#shared/statuses.ts';
import type { BidFormValues } from './bid-form-values.ts';
import steppers from './number-steppers.module.css';
import { type LineItemValues, lineRowsAmount } from './priced-form-values.ts';

const UNIT_OPTIONS = TIME_UNITS.map((unit) => ({
  value: unit,
  label: unit[0]!.toUpperCase() + unit.slice(1),
}));

/**
 * Amount, estimated time and its unit, of the bid (the spec's fields) or of one option. With line
 * items the amount is read-only and shows their sum, which is what is sent.
 */
export function PricedFields({
  form,
  prefix,
  amountLabel,
  rows,
  autoFocus = false,
}: {
  form: UseFormReturnType<BidFormValues>;
  /** '' for the bid, 'options.N.' for an option. */
  prefix: string;
  amountLabel: string;
  rows: readonly LineItemValues[];
  autoFocus?: boolean;
}) {
  const summed = rows.length > 0;
  const amount = form.getInputProps(`${prefix}amount`);
  return (
    <>
      <NumberInput
        label={amountLabel}
        classNames={steppers}
        required
        min={0}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        prefix="$"
        data-autofocus={autoFocus || undefined}
        {...amount}
        {...(summed
          ? {
              value: lineRowsAmount(rows),
              readOnly: true,
              variant: 'filled',
              description: 'The sum of the line items',
            }
          : {})}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Estimated Time"
          classNames={steppers}
          required
          min={0}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps(`${prefix}estimated_time`)}
        />
        <Select
          label="Time Unit"
          data={UNIT_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps(`${prefix}estimated_time_unit`)}
        />
      </SimpleGrid>
    </>
  );
}
