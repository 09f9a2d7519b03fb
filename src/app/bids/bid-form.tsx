import { Button, Divider, Group, Stack, Switch, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { RequestSpot } from '#shared/request-spot.ts';
import type { BidFormValues } from './bid-form-values.ts';
import { BidOptionsEditor } from './bid-options-editor.tsx';
import { LineItemsEditor } from './line-items-editor.tsx';
import { PricedFields } from './priced-fields.tsx';
import { startingOptions } from './priced-form-values.ts';

/**
 * The bid fields (signed-in spec, section 5): whole dollars, time in hundredths, unit, start, notes;
 * then the line items (measured on the plan when the request has a spot) and options.
 */
export function BidForm({
  form,
  onSubmit,
  onCancel,
  submitting,
  editing,
  spot = null,
}: {
  form: UseFormReturnType<BidFormValues>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  submitting: boolean;
  editing: boolean;
  /** The request's place on its plan, to measure on; none without a spot. */
  spot?: RequestSpot | null;
}) {
  const values = form.values;
  const withOptions = values.options_enabled;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {withOptions ? null : (
          <PricedFields form={form} prefix="" amountLabel="Bid Amount" rows={values.line_items} autoFocus />
        )}
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
          {...form.getInputProps('proposed_start_date')}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          {...form.getInputProps('notes')}
        />
        {withOptions ? null : (
          <LineItemsEditor form={form} path="line_items" rows={values.line_items} spot={spot} />
        )}
        <Divider />
        <Switch
          label="Offer options"
          description="Two or three ways to do the job, each with its own price, time and line items."
          size="md"
          checked={withOptions}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            if (on && values.options.length === 0) form.setFieldValue('options', startingOptions(values));
            form.setFieldValue('options_enabled', on);
            form.clearErrors();
          }}
        />
        {withOptions ? <BidOptionsEditor form={form} spot={spot} /> : null}
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
