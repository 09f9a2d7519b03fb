import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { publicPaths } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import { PRERENDERED_FORM_METHOD, useTextTypedBeforeHydration } from '#app/ui/prerendered-form.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import { RESET_REQUEST_MESSAGE } from '#shared/password-schemas.ts';
import { useRequestPasswordReset } from './api.ts';

/**
 * /reset-password: the reset request (public spec, sections 2, 5 and 8). Prerendered: the address
 * typed before the app takes over is kept (useTextTypedBeforeHydration); the button waits for it.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password · FieldBid');
  const hydrated = useHydrated();
  const reset = useRequestPasswordReset();
  const [alert, setAlert] = useState<string | null>(null);
  // The prerendered page takes typing before the app runs; the form takes the typed address over.
  const formRef = useRef<HTMLFormElement>(null);
  useTextTypedBeforeHydration(formRef);
  const form = useForm({
    initialValues: { email: '' },
    // Server errors clear as soon as the user edits (section 5).
    onValuesChange: () => {
      setAlert(null);
      if (form.errors.email) form.clearFieldError('email');
    },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await reset.mutateAsync({ email: email.trim() });
    } catch (error) {
      if (!isApiError(error) || error.isNetworkError) {
        setAlert('An error occurred during password reset request');
        return;
      }
      const { email: emailErrors, ...others } = error.fieldErrors;
      if (emailErrors) form.setFieldError('email', emailErrors.join(' '));
      const alertParts = [...error.nonFieldErrors, ...Object.values(others).flat()];
      if (alertParts.length > 0) setAlert(alertParts.join(' '));
      else if (!emailErrors) setAlert(error.serverMessage ?? 'Password reset request failed');
    }
  });

  const loginLink = (
    <Text size="sm" ta="center">
      Remembered it?{' '}
      <Anchor component={Link} to={publicPaths.login} underline="always">
        Log in
      </Anchor>
    </Text>
  );

  if (reset.isSuccess) {
    return (
      <Stack gap="lg">
        <Title order={1} fz="h2">
          Reset Password
        </Title>
        <Alert color="green" variant="light" role="status">
          {RESET_REQUEST_MESSAGE}
        </Alert>
        {loginLink}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeading title="Reset Password">
        Enter your email and we will send you a link to reset your password.
      </PageHeading>
      {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
      <form ref={formRef} onSubmit={submit} method={PRERENDERED_FORM_METHOD}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth disabled={reset.isPending} inert={!hydrated}>
            {reset.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      </form>
      {loginLink}
    </Stack>
  );
}
