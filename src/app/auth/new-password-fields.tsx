import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NewPasswordValues } from './password-rules.ts';

const FIELDS = [
  ['password', 'New Password'],
  ['confirmPassword', 'Confirm Password'],
] as const;
const toggle = { 'aria-label': 'Show or hide password' };

/** New password and its confirmation, shared by the set and reset screens. */
export function NewPasswordFields({ form }: { form: UseFormReturnType<NewPasswordValues> }) {
  return FIELDS.map(([field, label]) => (
    <PasswordInput
      key={field}
      label={label}
      autoComplete="new-password"
      withAsterisk
      visibilityToggleButtonProps={toggle}
      {...form.getInputProps(field)}
    />
  ));
}
