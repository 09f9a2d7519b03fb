import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import { PRERENDERED_FORM_METHOD, useTextTypedBeforeHydration } from '#app/ui/prerendered-form.ts';
import { showToast } from '#app/ui/toast.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { AuthUser } from '#shared/users.ts';
import { useAuthStatus, useLogin, userOf } from './api.ts';
import { loginDestination } from './login-destination.ts';
import { LOGIN_SUCCESS, loginErrorView } from './login-errors.ts';
import { readReturnLocation } from './return-location.ts';
import { UnconfirmedEmailAlert } from './unconfirmed-email-alert.tsx';

/** /login (public spec, sections 2, 4 and 8). */
export function LoginPage() {
  usePageTitle('Login · FieldBid');
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const from = readReturnLocation(location.state);
  const authStatus = useAuthStatus();
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  // The address typed when the login answered "not confirmed yet": the alert offers to resend.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '', password: '' } });
  // The prerendered form takes typing before the app takes over; what was typed is kept.
  const formRef = useRef<HTMLFormElement>(null);
  useTextTypedBeforeHydration(formRef);

  const goOn = useCallback(
    (user: AuthUser | null) => {
      const destination = loginDestination(user, from);
      if (destination.kind === 'full-page') window.location.assign(destination.href);
      else navigate(destination.to, { replace: true });
    },
    [from, navigate],
  );

  // An already signed-in visitor is sent on at once (public spec, section 2).
  const signedInUser = authStatus.token ? userOf(authStatus.data) : null;
  const loginInFlight = login.isPending || login.isSuccess;
  useEffect(() => {
    if (signedInUser && !loginInFlight) goOn(signedInUser);
  }, [signedInUser, loginInFlight, goOn]);

  if (!loginInFlight && authStatus.token && (authStatus.isPending || signedInUser)) {
    return <CenteredLoader label="Checking your session" />;
  }

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setUnconfirmedEmail(null);
    form.clearErrors();
    try {
      const { user } = await login.mutateAsync(values);
      showToast({ color: 'green', message: LOGIN_SUCCESS });
      goOn(user);
    } catch (error) {
      const view = loginErrorView(error);
      form.setErrors(view.fieldErrors);
      setAlert(view.alert);
      if (isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED') setUnconfirmedEmail(values.email);
      if (view.toast) showToast({ color: 'red', message: view.toast });
      login.reset();
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Login
        </Title>
        <Text c="dimmed" mt={4}>
          Sign in to your FieldBid account.
        </Text>
      </div>

      {alert && unconfirmedEmail !== null ? (
        <UnconfirmedEmailAlert message={alert} email={unconfirmedEmail} />
      ) : alert ? (
        <ErrorAlert>{alert}</ErrorAlert>
      ) : null}

      <form ref={formRef} onSubmit={submit} method={PRERENDERED_FORM_METHOD}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending} inert={!hydrated}>
            Login
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        Don't have an account?{' '}
        <Anchor component={Link} to="/signup" underline="always">
          Sign up
        </Anchor>
      </Text>
    </Stack>
  );
}
