import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { saveFailureMessage, serverFieldErrors } from './server-form-errors.ts';

/** The parts of a @mantine/form form the dialog plumbing touches. */
interface DialogForm<Values> {
  setValues(values: Values): void;
  resetDirty(): void;
  clearErrors(): void;
  setErrors(errors: Record<string, ReactNode>): void;
}

/**
 * A form's answer to a refused save: the server's messages under the form's own fields or, when it
 * has none for them, `failureMessage` (or the server's own message) in the dialog's alert.
 */
export function useSaveErrors(
  form: Pick<DialogForm<unknown>, 'setErrors'>,
  fields: readonly string[],
  failureMessage: string,
) {
  const [alert, setAlert] = useState<string | null>(null);
  return {
    alert,
    clearAlert: () => setAlert(null),
    showSaveError: (error: unknown) => {
      const messages = serverFieldErrors(error, fields);
      if (messages) form.setErrors(messages);
      else setAlert(saveFailureMessage(error, failureMessage));
    },
  };
}

/**
 * A create-or-edit dialog that stays mounted: each opening starts from `values` (the record being
 * edited, or an empty form) with no errors or alert; refused saves as useSaveErrors.
 */
export function useEditDialog<Values>(
  form: DialogForm<Values>,
  options: {
    opened: boolean;
    /** What the dialog edits (null: a new one); a change while open starts the form again. */
    record: unknown;
    values: Values;
    fields: readonly string[];
    failureMessage: string;
  },
) {
  const { opened, record, values, fields, failureMessage } = options;
  const saveErrors = useSaveErrors(form, fields, failureMessage);
  const { clearAlert } = saveErrors;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or its record changes
  useEffect(() => {
    if (!opened) return;
    form.setValues(values);
    form.resetDirty();
    form.clearErrors();
    clearAlert();
  }, [opened, record]);

  return saveErrors;
}

/**
 * useEditDialog with its own uncontrolled form, checked by `schema` (the one the handler runs) and
 * started from `values`.
 */
// biome-ignore lint/suspicious/noExplicitAny: @mantine/form's own bound, which interfaces meet (unknown would refuse them)
export function useSchemaEditDialog<Values extends Record<string, any>>(
  schema: Parameters<typeof schemaResolver>[0],
  options: Omit<Parameters<typeof useEditDialog<Values>>[1], 'values'> & { values: Values },
) {
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: options.values,
    validate: schemaResolver(schema, { sync: true }),
  });
  return { form, ...useEditDialog(form, options) };
}
