import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { usePasswordTokenCheck, useSetPassword } from './api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import {
  type NewPasswordValues,
  newPasswordErrors,
  serverPasswordError,
  serverText,
} from './password-rules.ts';

const REDIRECT_DELAY_MS = 3000; // public spec, section 9

/** /set-password/:token: validating, form, success, then /verification-sent (public spec, section 4). */
export function SetPasswordPage() {
  useDocumentTitle('Set Your Password · FieldBid');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = usePasswordTokenCheck(token);
  const setPassword = useSetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validate: newPasswordErrors,
  });

  useEffect(() => {
    if (!setPassword.isSuccess) return;
    const timer = window.setTimeout(() => navigate(publicPaths.verificationSent), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setPassword.isSuccess, navigate]);

  if (check.isPending) return <CenteredLoader label="Validating your link" />;

  if (check.isError || check.data === false) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Set Your Password
        </Title>
        <ErrorAlert>Invalid or expired token</ErrorAlert>
        <Anchor component={Link} to={publicPaths.login} size="sm">
          Return to login
        </Anchor>
      </Stack>
    );
  }

  if (setPassword.isSuccess) {
    return (
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz="h2">
          Password Set Successfully
        </Title>
        <Text c="dimmed" role="status">
          Your password has been set. Redirecting you to confirm your email…
        </Text>
      </Stack>
    );
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await setPassword.mutateAsync({ token, password: values.password });
    } catch (failure) {
      const passwordError = serverPasswordError(failure);
      if (passwordError) form.setFieldError('password', passwordError);
      else setError(serverText(failure, 'Failed to set password'));
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Set Your Password
        </Title>
        <Text c="dimmed" mt={4}>
          Choose a password of at least 8 characters.
        </Text>
      </div>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={setPassword.isPending}>
            Set Password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
