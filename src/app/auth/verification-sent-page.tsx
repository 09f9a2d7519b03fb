import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { publicPaths } from '#app/route-paths.ts';
import { RESEND_MESSAGE } from '#shared/password-schemas.ts';
import { useResendValidationEmail } from './api.ts';

type Outcome = { color: 'green' | 'red'; text: string };

/** /verification-sent: check your email, with a resend form (public spec, sections 2 and 8). */
export function VerificationSentPage() {
  useDocumentTitle('Check Your Email · FieldBid');
  const resend = useResendValidationEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({ initialValues: { email: '' } });

  const submit = form.onSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await resend.mutateAsync({ email: email.trim() });
      setOutcome({ color: 'green', text: RESEND_MESSAGE });
    } catch (error) {
      if (isApiError(error) && !error.isNetworkError) {
        setOutcome({
          color: 'red',
          text: error.serverMessage ?? 'There was a problem sending the confirmation email.',
        });
      } else {
        setOutcome({ color: 'red', text: 'An error occurred. Please try again.' });
      }
    }
  });

  return (
    <Stack gap="lg">
      <Stack gap="xs" align="flex-start">
        <IconMailCheck size={44} color="var(--mantine-color-fieldbid-6)" aria-hidden />
        <Title order={1} fz="h2">
          Check Your Email
        </Title>
        <Text c="dimmed">
          We sent you a confirmation link. Open it to confirm your email address and activate your account.
        </Text>
      </Stack>
      {outcome ? (
        <Alert color={outcome.color} variant="light" role={outcome.color === 'red' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      ) : null}
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text fw={500}>Didn't get the email?</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" variant="light" fullWidth loading={resend.isPending}>
            Resend Confirmation Email
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={publicPaths.login} size="sm" ta="center">
        Return to login
      </Anchor>
    </Stack>
  );
}
