import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { TIME_UNITS } from '#shared/statuses.ts';
import type { BidFormValues } from './bid-form-values.ts';

const UNIT_OPTIONS = TIME_UNITS.map((unit) => ({
  value: unit,
  label: unit[0]!.toUpperCase() + unit.slice(1),
}));

/** The bid fields (signed-in spec, section 5): whole dollars, time in hundredths, unit, start, notes. */
export function BidForm({
  form,
  onSubmit,
  onCancel,
  submitting,
  editing,
}: {
  form: UseFormReturnType<BidFormValues>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  submitting: boolean;
  editing: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label="Bid Amount"
          required
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          prefix="$"
          data-autofocus
          key={form.key('amount')}
          {...form.getInputProps('amount')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Estimated Time"
            required
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            key={form.key('estimated_time')}
            {...form.getInputProps('estimated_time')}
          />
          <Select
            label="Time Unit"
            data={UNIT_OPTIONS}
            allowDeselect={false}
            key={form.key('estimated_time_unit')}
            {...form.getInputProps('estimated_time_unit')}
          />
        </SimpleGrid>
        <DateTimePicker
          label="Proposed Start Date"
          placeholder="Pick a date and time"
          required
          clearable
          valueFormat="MMM D, YYYY h:mm A"
          defaultTimeValue="09:00"
          timePickerProps={{
            format: '12h',
            hoursInputLabel: 'Hours',
            minutesInputLabel: 'Minutes',
            amPmInputLabel: 'AM or PM',
          }}
          submitButtonProps={{ 'aria-label': 'Confirm date and time' }}
          ariaLabels={{
            nextMonth: 'Next month',
            previousMonth: 'Previous month',
            monthLevelControl: 'Change month',
          }}
          minDate={new Date()}
          dropdownType="popover"
          key={form.key('proposed_start_date')}
          {...form.getInputProps('proposed_start_date')}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Submitting...' : editing ? 'Update Bid' : 'Submit Bid'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
