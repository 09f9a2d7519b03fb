import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A TextInput bound to one field of an uncontrolled @mantine/form form (its key, value, error, `name`). */
export function FormTextInput<Values>({
  form,
  field,
  ...props
}: Omit<TextInputProps, 'form'> & { form: UseFormReturnType<Values>; field: string }) {
  return <TextInput name={field} {...props} key={form.key(field)} {...form.getInputProps(field)} />;
}
