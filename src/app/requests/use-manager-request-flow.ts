import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { useCreateManagerRequest } from './manager-request-api.ts';
import {
  emptyManagerRequestForm,
  type ManagerRequestFormValues,
  validateManagerRequest,
} from './manager-request-form.ts';

const SUBMIT_FAILURE = 'The request could not be submitted. Please try again.';

/** The message for the form's red alert: the server's words, else a plain retry hint. */
export function submitErrorMessage(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (error.isNetworkError) return 'You appear to be offline. Check your connection and try again.';
    if (error.nonFieldErrors.length > 0) return error.nonFieldErrors.join(' ');
    // Field errors show under their fields; the alert only says something is wrong.
    if (Object.keys(error.fieldErrors).length > 0) return 'Please correct the errors below.';
    return error.serverMessage ?? SUBMIT_FAILURE;
  }
  return SUBMIT_FAILURE;
}

/**
 * The state behind both frames of the manager's request form (dashboard dialog, full create page):
 * form → submitting → success, with the server's field errors put under their fields.
 */
export function useManagerRequestFlow(defaultPropertyId: number | null, categoryVendorIds: () => number[]) {
  const form = useForm<ManagerRequestFormValues>({
    initialValues: emptyManagerRequestForm(defaultPropertyId),
    validate: validateManagerRequest,
    validateInputOnBlur: true,
  });
  const mutation = useCreateManagerRequest();

  // The selected property arrives after the first render; fill it in while the user has not chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new default should refill the field
  useEffect(() => {
    if (defaultPropertyId !== null && !form.isDirty('property_id') && form.values.property_id === null) {
      form.setFieldValue('property_id', String(defaultPropertyId));
      form.resetDirty();
    }
  }, [defaultPropertyId]);

  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { values, categoryVendorIds: values.invite_all_category ? categoryVendorIds() : [] },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          const fields: Record<string, string> = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const target = field === 'project_id' ? 'property_id' : field;
            fields[target] = messages[0] ?? '';
          }
          form.setErrors(fields);
        },
      },
    );
  });

  /** Close / New request: an empty form again (signed-in spec, section 2: "Close resets the form"). */
  const reset = () => {
    mutation.reset();
    form.setValues(emptyManagerRequestForm(defaultPropertyId));
    form.resetDirty();
    form.clearErrors();
  };

  return { form, submit, mutation, reset, errorMessage: submitErrorMessage(mutation.error) };
}
