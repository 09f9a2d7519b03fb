import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { useConfirmPasswordReset, usePasswordTokenCheck } from './api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import {
  type NewPasswordValues,
  newPasswordErrors,
  serverPasswordError,
  serverText,
} from './password-rules.ts';

/** /reset-password-confirm/:token (public spec, sections 2, 4 and 8). */
export function ResetPasswordConfirmPage() {
  useDocumentTitle('Reset Password · FieldBid');
  const { token = '' } = useParams();
  const check = usePasswordTokenCheck(token);
  const reset = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validate: newPasswordErrors,
  });

  if (check.isPending) return <CenteredLoader label="Checking your reset link" />;

  if (check.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Reset Password
        </Title>
        <ErrorAlert>Could not validate the reset link. Please try requesting a new one.</ErrorAlert>
        <Button component={Link} to={publicPaths.resetPassword} variant="light">
          Request New Link
        </Button>
      </Stack>
    );
  }

  if (check.data === false) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Invalid Reset Link
        </Title>
        <Text c="dimmed">This password reset link is invalid or has expired.</Text>
        <Button component={Link} to={publicPaths.resetPassword}>
          Request New Link
        </Button>
      </Stack>
    );
  }

  if (reset.isSuccess) {
    return (
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz="h2">
          Password Reset
        </Title>
        <Text c="dimmed">Your password has been reset successfully.</Text>
        <Button component={Link} to={publicPaths.login}>
          Go to Login
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      showToast({ color: 'green', message: 'Your password has been reset successfully.' });
    } catch (failure) {
      const passwordError = serverPasswordError(failure);
      if (passwordError) form.setFieldError('password', passwordError);
      else setError(serverText(failure, 'Failed to reset password'));
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Reset Password
        </Title>
        <Text c="dimmed" mt={4}>
          Choose a new password of at least 8 characters.
        </Text>
      </div>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
