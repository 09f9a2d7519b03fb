import { Alert, Button, Grid, NumberInput, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { FormTextInput } from '#app/ui/form-text-input.tsx';
import {
  MAX_VISIT_NOTES,
  MAX_VISIT_UNITS,
  VISIT_REQUEST_MESSAGES,
  type VisitRequestValues,
  visitRequestInputSchema,
} from '#shared/visit-request-schemas.ts';
import { useVisitRequest } from './api.ts';
import { ContactFields } from './contact-fields.tsx';
import { showServerErrors } from './landing-form-rules.ts';
import { VisitChoiceFieldset } from './visit-choice-fieldset.tsx';
import { EMPTY_VISIT_FORM, VISIT_FIELDS, type VisitFormValues } from './visit-form-values.ts';

const fieldsToFix = (count: number) =>
  count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`;

/**
 * The Schedule a Visit form: the shared schema checks it here and on the server, with the contact
 * form's messages. After a refused submit the summary above the form is announced and the first
 * field in error takes the focus; `onSent` gets the request the server stored.
 */
export function ScheduleVisitForm({ onSent }: { onSent: (sent: VisitRequestValues) => void }) {
  const mutation = useVisitRequest();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<VisitFormValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY_VISIT_FORM,
    validate: schemaResolver(visitRequestInputSchema, { sync: true }),
  });

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = VISIT_FIELDS.find((field) => errors[field]);
    if (!first) return;
    const node = form.getInputNode(first);
    // A radio group's node is its wrapper: the focus goes to its first radio.
    const target = node?.matches('input, textarea') ? node : node?.querySelector('input');
    (target as HTMLElement | null | undefined)?.focus();
  };

  const showFieldErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    setProblem(fieldsToFix(Object.keys(errors).length));
    // After React has drawn the errors, so the field is read with its message.
    requestAnimationFrame(() => focusFirstError(errors));
  };

  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      const request = visitRequestInputSchema.parse(values);
      mutation.mutate(request, {
        onSuccess: () => {
          form.reset();
          onSent(request);
        },
        onError: (error) =>
          showServerErrors(error, VISIT_FIELDS, showFieldErrors, () =>
            setProblem(
              isApiError(error) && error.status === 429
                ? (error.serverMessage ?? VISIT_REQUEST_MESSAGES.failed)
                : VISIT_REQUEST_MESSAGES.failed,
            ),
          ),
      });
    },
    (errors) => {
      setProblem(fieldsToFix(Object.keys(errors).length));
      focusFirstError(errors);
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="visit-form-title">
      <Stack gap="lg">
        <Title order={2} id="visit-form-title" fz="h3">
          Request a visit
        </Title>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}

        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <ContactFields form={form} />
            <FormTextInput
              form={form}
              field="company_name"
              label="Company"
              autoComplete="organization"
              required
            />
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <FormTextInput
                form={form}
                field="property_address"
                label="Property address"
                autoComplete="street-address"
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label="Number of units"
                name="number_of_units"
                required
                min={1}
                max={MAX_VISIT_UNITS}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                key={form.key('number_of_units')}
                {...form.getInputProps('number_of_units')}
              />
            </Grid.Col>
          </Grid>
        </Stack>

        <VisitChoiceFieldset form={form} choice={1} legend="First choice" required />
        <VisitChoiceFieldset form={form} choice={2} legend="Second choice (optional)" required={false} />

        <Textarea
          label="Notes"
          description="Access instructions, what you would like to see, anything else we should know."
          name="notes"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_VISIT_NOTES}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />

        <Button
          type="submit"
          size="md"
          color="accent.9"
          loading={mutation.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Request Visit
        </Button>
      </Stack>
    </form>
  );
}
