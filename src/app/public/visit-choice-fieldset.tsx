import { Fieldset, Group, Radio, SimpleGrid } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { VISIT_TIME_LABELS, VISIT_TIMES } from '#shared/visit-request-schemas.ts';
import type { VisitFormValues } from './visit-form-values.ts';

/**
 * One preferred time of a visit: a date (from the visitor's own today on) and morning or
 * afternoon, grouped in a fieldset so each label is read with its choice ("First choice, Date").
 */
export function VisitChoiceFieldset({
  form,
  choice,
  legend,
  required,
}: {
  form: UseFormReturnType<VisitFormValues>;
  choice: 1 | 2;
  legend: string;
  required: boolean;
}) {
  const date = `preferred_date_${choice}` as const;
  const time = `preferred_time_${choice}` as const;
  return (
    <Fieldset legend={legend} variant="filled" radius="md" styles={{ legend: { fontWeight: 600 } }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DateInput
          label="Date"
          placeholder="Pick a date"
          required={required}
          clearable
          valueFormat="MMM D, YYYY"
          minDate={dayjs().format('YYYY-MM-DD')}
          ariaLabels={{
            nextMonth: 'Next month',
            previousMonth: 'Previous month',
            monthLevelControl: 'Change month',
          }}
          popoverProps={{ withinPortal: true }}
          key={form.key(date)}
          {...form.getInputProps(date)}
        />
        <Radio.Group
          label="Time of day"
          required={required}
          key={form.key(time)}
          {...form.getInputProps(time)}
        >
          <Group gap="lg" mt={10}>
            {VISIT_TIMES.map((value) => (
              <Radio key={value} value={value} label={VISIT_TIME_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
      </SimpleGrid>
    </Fieldset>
  );
}
