import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EMAIL_TAKEN_MESSAGE } from '#shared/application-fields.ts';

/**
 * An email field's error: an address that already has an account gets a way to the login screen
 * beside its message, since that applicant most likely has applied before.
 */
export function emailError(message: ReactNode): ReactNode {
  if (message !== EMAIL_TAKEN_MESSAGE) return message;
  return (
    <>
      {message}{' '}
      <Anchor component={Link} to="/login" size="xs" fw={600} underline="always">
        Log in instead
      </Anchor>
    </>
  );
}
