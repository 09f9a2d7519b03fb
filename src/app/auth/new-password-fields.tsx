import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NewPasswordValues } from './password-rules.ts';

/** New password and its confirmation, shared by the set and reset screens. */
export function NewPasswordFields({ form }: { form: UseFormReturnType<NewPasswordValues> }) {
  const toggle = { 'aria-label': 'Show or hide password' };
  return (
    <>
      <PasswordInput
        label="New Password"
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={toggle}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={toggle}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
