import { Alert, Anchor } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { RESEND_MESSAGE } from '#shared/password-schemas.ts';
import { useResendValidationEmail } from './api.ts';

/**
 * The login's answer for an address not yet confirmed, with a Resend link that mails a new
 * confirmation link to the email typed (the texts of the verification-sent page, spec section 8),
 * so the applicant need not find that page first.
 */
export function UnconfirmedEmailAlert({ message, email }: { message: string; email: string }) {
  const resend = useResendValidationEmail();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const resendNow = async () => {
    setOutcome(null);
    try {
      await resend.mutateAsync({ email: email.trim() });
      setOutcome({ ok: true, text: RESEND_MESSAGE });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          isApiError(error) && !error.isNetworkError
            ? (error.serverMessage ?? 'There was a problem sending the confirmation email.')
            : 'An error occurred. Please try again.',
      });
    }
  };

  if (outcome?.ok) {
    return (
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
        {outcome.text}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}{' '}
      <Anchor
        component="button"
        type="button"
        fz="sm"
        fw={600}
        underline="always"
        onClick={resendNow}
        disabled={resend.isPending}
      >
        Resend
      </Anchor>
      {outcome ? ` ${outcome.text}` : null}
    </Alert>
  );
}
