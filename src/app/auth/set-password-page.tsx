import { Anchor, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { usePasswordTokenCheck, useSetPassword } from './api.ts';
import { NewPasswordForm, PasswordNotice, useNewPasswordForm } from './new-password-form.tsx';

const REDIRECT_DELAY_MS = 3000; // public spec, section 9

/** /set-password/:token: validating, form, success, then /verification-sent (public spec, section 4). */
export function SetPasswordPage() {
  useDocumentTitle('Set Your Password · FieldBid');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = usePasswordTokenCheck(token);
  const setPassword = useSetPassword();
  const password = useNewPasswordForm(
    (value) => setPassword.mutateAsync({ token, password: value }),
    'Failed to set password',
  );

  useEffect(() => {
    if (!setPassword.isSuccess) return;
    const timer = window.setTimeout(() => navigate(publicPaths.verificationSent), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setPassword.isSuccess, navigate]);

  if (check.isPending) return <CenteredLoader label="Validating your link" />;

  if (check.isError || check.data === false) {
    return (
      <PasswordNotice title="Set Your Password">
        <ErrorAlert>Invalid or expired token</ErrorAlert>
        <Anchor component={Link} to={publicPaths.login} size="sm">
          Return to login
        </Anchor>
      </PasswordNotice>
    );
  }

  if (setPassword.isSuccess) {
    return (
      <PasswordNotice done title="Password Set Successfully">
        <Text c="dimmed" role="status">
          Your password has been set. Redirecting you to confirm your email…
        </Text>
      </PasswordNotice>
    );
  }

  return (
    <NewPasswordForm
      title="Set Your Password"
      intro="Choose a password of at least 8 characters."
      password={password}
      busy={setPassword.isPending}
      submitLabel="Set Password"
    />
  );
}
