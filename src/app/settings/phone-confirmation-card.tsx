import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { formatPhone } from '#shared/formatters.ts';
import type { NotificationSettings } from '#shared/notification-preferences.ts';
import { PHONE_CODE_MESSAGES } from '#shared/phone-verification.ts';
import { useSendPhoneCode, useVerifyPhoneCode } from './notification-settings-api.ts';
import { FOCUS_PHONE_STATE } from './profile-form.tsx';

export const CONFIRM_NUMBER_NOTE = 'Confirm your number to receive texts.';
const NOT_SENT = 'The code could not be sent. Please try again.';
const NOT_CHECKED = 'The code could not be checked. Please try again.';

/** The words of a refusal: the field's, the server's, or our own fallback. */
function messageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return error.fieldErrors.code?.[0] ?? error.serverMessage ?? fallback;
}

/**
 * Settings → Notifications: the mobile number texts go to, and confirming it. A number takes texts
 * only after its owner typed in the 6-digit code texted to it; until then SMS is off for it (the
 * channel's column says so). Sending is limited (a minute between codes, five an hour): the
 * server's answer says how long to wait. The card sits inside the settings form, so its buttons are
 * plain buttons and Enter in the code field confirms the code rather than saving the form.
 */
export function PhoneConfirmationCard({ settings }: { settings: NotificationSettings }) {
  const navigate = useNavigate();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [code, setCode] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const number = settings.sms_number;
  if (number === null) return null;
  const shown = formatPhone(number.slice(2));
  const confirmed = settings.sms_number_confirmed;
  const codeSent = !confirmed && settings.sms_code_expires_at !== null;

  const sendCode = () => {
    setSendError(null);
    setCodeError(null);
    send.mutate(undefined, {
      onSuccess: () => setCode(''),
      onError: (error) => setSendError(messageOf(error, NOT_SENT)),
    });
  };
  const confirm = () => {
    setSendError(null);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setCodeError(PHONE_CODE_MESSAGES.format);
      return;
    }
    setCodeError(null);
    verify.mutate(
      { code },
      {
        onSuccess: () => setCode(''),
        onError: (error) => setCodeError(messageOf(error, NOT_CHECKED)),
      },
    );
  };
  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirm();
  };
  const changeNumber = () => navigate({ hash: '#profile' }, { replace: true, state: FOCUS_PHONE_STATE });

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="sms-number-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id="sms-number-title" fw={600}>
            Mobile number for texts
          </Text>
          {confirmed ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              Confirmed
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
              Not confirmed
            </Badge>
          )}
        </Group>
        {confirmed ? (
          <Text size="sm">Texts go to {shown}.</Text>
        ) : codeSent ? (
          <Text size="sm" role="status">
            We sent a code to {shown}. It works for 10 minutes.
          </Text>
        ) : (
          <Text size="sm">
            {CONFIRM_NUMBER_NOTE} We will text a 6-digit code to {shown}.
          </Text>
        )}
        {codeSent ? (
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Code from the text"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              onKeyDown={onCodeKey}
              error={codeError}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              w={{ base: '100%', xs: 240 }}
            />
            <Button type="button" mt={{ base: 0, xs: 25 }} loading={verify.isPending} onClick={confirm}>
              Confirm number
            </Button>
          </Group>
        ) : codeError ? (
          <ErrorAlert>{codeError}</ErrorAlert>
        ) : null}
        {sendError ? <ErrorAlert>{sendError}</ErrorAlert> : null}
        <Group gap="xs">
          {confirmed ? null : (
            <Button
              type="button"
              variant={codeSent ? 'default' : 'filled'}
              loading={send.isPending}
              onClick={sendCode}
            >
              {codeSent ? 'Send again' : 'Text me a code'}
            </Button>
          )}
          <Button type="button" variant="subtle" onClick={changeNumber}>
            Change number
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
