import {
  ActionIcon,
  Button,
  Fieldset,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { serverFieldErrors } from '#app/ui/server-form-errors.ts';
import {
  MAX_VISIT_WINDOWS,
  proposeVisitInputSchema,
  VISIT_PURPOSE_LABELS,
  VISIT_PURPOSES,
  type VisitPurpose,
  type VisitWindow,
} from '#shared/visit-schemas.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';

export interface VisitWindowsValues {
  purpose: VisitPurpose | '';
  windows: VisitWindow[];
  note: string;
}

const NEW_WINDOW: VisitWindow = { date: '', start: '09:00', end: '11:00' };

/** A finger's 44 px for every input (Mantine's md is 42). */
export const TOUCH_INPUT = { input: { minHeight: 44 } };

/** Less inner padding: a time input in a quarter of the form's row still holds "11:00 AM" and its clock icon. */
const TIME_INPUT = { input: { minHeight: 44, paddingInline: 8 } };

const PURPOSE_OPTIONS = VISIT_PURPOSES.map((value) => ({ value, label: VISIT_PURPOSE_LABELS[value] }));

/**
 * The shared schema's messages (the ones the handler answers), under the field they are about:
 * `windows.0.end` for a window's end, `windows` for the list itself.
 */
export function validateVisitWindows(
  values: VisitWindowsValues,
  withPurpose: boolean,
): Record<string, string> {
  const result = proposeVisitInputSchema.safeParse({
    purpose: withPurpose ? values.purpose || undefined : 'diagnose',
    // An empty input is a missing value: "Choose a date.", not "Enter a valid date.".
    windows: values.windows.map((window) => ({
      date: window.date || undefined,
      start: window.start || undefined,
      end: window.end || undefined,
    })),
    note: values.note,
  });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'windows';
    errors[key] ??= issue.message;
  }
  return errors;
}

const FIELDS = ['purpose', 'windows', 'note'] as const;

/**
 * Propose a visit (with its purpose) or other times for one (without): 1–5 windows, each a date and a
 * start and end time in the property's zone (native inputs: a phone opens its own pickers), and a
 * note. Big controls: this is filled in on a phone at a job site.
 */
export function VisitWindowsForm({
  withPurpose,
  submitLabel,
  busy,
  error,
  zoneHint,
  onSubmit,
  onCancel,
}: {
  withPurpose: boolean;
  submitLabel: string;
  busy: boolean;
  /** The refused save, shown under its fields (400) or above the form. */
  error: unknown;
  /** "Times are in Mountain Time", when the property's zone is known. */
  zoneHint: string | null;
  onSubmit: (values: { purpose: VisitPurpose; windows: VisitWindow[]; note: string }) => void;
  onCancel: () => void;
}) {
  const form = useForm<VisitWindowsValues>({
    initialValues: { purpose: '', windows: [{ ...NEW_WINDOW }], note: '' },
    validate: (values) => validateVisitWindows(values, withPurpose),
  });
  const serverErrors = serverFieldErrors(error, FIELDS) ?? {};
  const alert = error && Object.keys(serverErrors).length === 0 ? lifecycleErrorMessage(error) : null;
  const windowsError = form.errors.windows ?? serverErrors.windows;

  const submit = form.onSubmit((values) =>
    onSubmit({
      purpose: (values.purpose || 'diagnose') as VisitPurpose,
      windows: values.windows,
      note: values.note.trim(),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} style={{ maxWidth: 720 }}>
      <Stack gap="sm">
        {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
        {withPurpose ? (
          <Select
            label="What is the visit for?"
            placeholder="Choose"
            data={PURPOSE_OPTIONS}
            allowDeselect={false}
            size="md"
            styles={TOUCH_INPUT}
            withAsterisk
            {...form.getInputProps('purpose')}
            error={form.errors.purpose ?? serverErrors.purpose}
          />
        ) : null}
        {zoneHint ? (
          <Text size="sm" c="dimmed">
            {zoneHint}
          </Text>
        ) : null}
        {form.values.windows.map((_window, index) => (
          <Fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; the list only grows and shrinks at its end or by removal.
            key={index}
            legend={`Time ${index + 1}`}
            p="xs"
            pt={4}
            aria-label={`Time ${index + 1}`}
          >
            {/* A phone: the date, From and To one under another (a half-width time input cuts "AM"); wider: one row. */}
            <Grid gap="xs" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput
                  type="date"
                  label="Date"
                  size="md"
                  styles={TOUCH_INPUT}
                  withAsterisk
                  {...form.getInputProps(`windows.${index}.date`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <TextInput
                  type="time"
                  label="From"
                  size="md"
                  styles={TIME_INPUT}
                  withAsterisk
                  {...form.getInputProps(`windows.${index}.start`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <TextInput
                  type="time"
                  label="To"
                  size="md"
                  styles={TIME_INPUT}
                  withAsterisk
                  {...form.getInputProps(`windows.${index}.end`)}
                />
              </Grid.Col>
              {form.values.windows.length > 1 ? (
                <Grid.Col span={{ base: 12, sm: 1 }}>
                  <Group justify="flex-end" pt={{ base: 0, sm: 28 }}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      aria-label={`Remove time ${index + 1}`}
                      onClick={() => form.removeListItem('windows', index)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Grid.Col>
              ) : null}
            </Grid>
          </Fieldset>
        ))}
        {windowsError ? (
          <Text size="sm" c="red" role="alert">
            {windowsError}
          </Text>
        ) : null}
        {form.values.windows.length < MAX_VISIT_WINDOWS ? (
          <Button
            variant="default"
            size="md"
            mih={44}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => form.insertListItem('windows', { ...NEW_WINDOW })}
          >
            Add another time
          </Button>
        ) : null}
        <Textarea
          label="Note (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          size="md"
          {...form.getInputProps('note')}
          error={form.errors.note ?? serverErrors.note}
        />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" size="md" mih={44} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="md" mih={44} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
