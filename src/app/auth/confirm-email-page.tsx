import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { showToast } from '#app/ui/toast.ts';
import { useConfirmEmail } from './api.ts';
import { serverText } from './password-rules.ts';

const REDIRECT_DELAY_MS = 3000; // public spec, section 9

/** /confirm-email?key=: pending, success or error (public spec, sections 2, 4 and 8). */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Email · FieldBid');
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const [error, setError] = useState<string | null>(key === '' ? 'No confirmation key found in URL' : null);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => navigate(publicPaths.login), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const run = async () => {
    try {
      await confirm.mutateAsync({ key });
      showToast({ color: 'green', message: 'Your email has been confirmed successfully.' });
    } catch (failure) {
      setError(serverText(failure, 'Confirmation failed'));
    }
  };

  const loginLink = (
    <Anchor component={Link} to={publicPaths.login} size="sm">
      Return to login
    </Anchor>
  );

  if (error !== null) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Confirm Email
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={error} role="alert">
          The confirmation link may have expired or be invalid. Please request a new confirmation email.
        </Alert>
        <Button component={Link} to={publicPaths.verificationSent} variant="light">
          Request a New Email
        </Button>
        {loginLink}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Confirm Email
      </Title>
      {confirm.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          Your email has been confirmed successfully. Redirecting you to login…
        </Alert>
      ) : (
        <>
          <Text c="dimmed">Confirm your email address to activate your FieldBid account.</Text>
          <Button onClick={run} loading={confirm.isPending} fullWidth>
            Confirm Email
          </Button>
        </>
      )}
      {loginLink}
    </Stack>
  );
}
