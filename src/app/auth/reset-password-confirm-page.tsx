import { Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { useConfirmPasswordReset, usePasswordTokenCheck } from './api.ts';
import { NewPasswordForm, PasswordNotice, useNewPasswordForm } from './new-password-form.tsx';

/** /reset-password-confirm/:token (public spec, sections 2, 4 and 8). */
export function ResetPasswordConfirmPage() {
  useDocumentTitle('Reset Password · FieldBid');
  const { token = '' } = useParams();
  const check = usePasswordTokenCheck(token);
  const reset = useConfirmPasswordReset();
  const password = useNewPasswordForm(async (value) => {
    await reset.mutateAsync({ token, password: value });
    showToast({ color: 'green', message: 'Your password has been reset successfully.' });
  }, 'Failed to reset password');

  if (check.isPending) return <CenteredLoader label="Checking your reset link" />;

  if (check.isError) {
    return (
      <PasswordNotice title="Reset Password">
        <ErrorAlert>Could not validate the reset link. Please try requesting a new one.</ErrorAlert>
        <Button component={Link} to={publicPaths.resetPassword} variant="light">
          Request New Link
        </Button>
      </PasswordNotice>
    );
  }

  if (check.data === false) {
    return (
      <PasswordNotice title="Invalid Reset Link">
        <Text c="dimmed">This password reset link is invalid or has expired.</Text>
        <Button component={Link} to={publicPaths.resetPassword}>
          Request New Link
        </Button>
      </PasswordNotice>
    );
  }

  if (reset.isSuccess) {
    return (
      <PasswordNotice done title="Password Reset">
        <Text c="dimmed">Your password has been reset successfully.</Text>
        <Button component={Link} to={publicPaths.login}>
          Go to Login
        </Button>
      </PasswordNotice>
    );
  }

  return (
    <NewPasswordForm
      title="Reset Password"
      intro="Choose a new password of at least 8 characters."
      password={password}
      busy={reset.isPending}
      submitLabel="Reset Password"
    />
  );
}
