import { Button, Stack, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import {
  type NewPasswordValues,
  newPasswordErrors,
  serverPasswordError,
  serverText,
} from './password-rules.ts';

/**
 * The set and reset screens' form: checked as the user types; on submit `save` sends the password.
 * A refusal about the password lands under its field, any other in the alert (`failureText` when
 * the server gave no words).
 */
export function useNewPasswordForm(save: (password: string) => Promise<unknown>, failureText: string) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validate: newPasswordErrors,
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save(values.password);
    } catch (failure) {
      const passwordError = serverPasswordError(failure);
      if (passwordError) form.setFieldError('password', passwordError);
      else setError(serverText(failure, failureText));
    }
  });
  return { form, error, submit };
}

/** The page around useNewPasswordForm: heading, alert, the two fields and the full-width submit. */
export function NewPasswordForm({
  title,
  intro,
  password,
  busy,
  submitLabel,
}: {
  title: string;
  intro: string;
  password: {
    form: UseFormReturnType<NewPasswordValues>;
    error: string | null;
    submit: (event?: FormEvent<HTMLFormElement>) => void;
  };
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <Stack gap="lg">
      <PageHeading title={title}>{intro}</PageHeading>
      {password.error ? <ErrorAlert>{password.error}</ErrorAlert> : null}
      <form onSubmit={password.submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={password.form} />
          <Button type="submit" fullWidth loading={busy}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** A password screen that shows no form: its title and what to do now; `done` adds the check mark. */
export function PasswordNotice({
  title,
  done,
  children,
}: {
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" align={done ? 'center' : undefined} ta={done ? 'center' : undefined}>
      {done ? <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden /> : null}
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
