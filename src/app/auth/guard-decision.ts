import { guardRedirect } from '#shared/navigation.ts';
import type { AuthStatus, AuthUser } from '#shared/users.ts';

export type GuardDecision =
  | { kind: 'checking' }
  | { kind: 'login' }
  /** No connection and no user known yet: the session is kept until the server can be asked. */
  | { kind: 'offline' }
  | { kind: 'redirect'; to: string }
  | { kind: 'allow'; user: AuthUser };

export interface GuardInput {
  token: string | null;
  /** TanStack Query's status of the auth-status query. */
  status: 'pending' | 'error' | 'success';
  data: AuthStatus | undefined;
  /** Whether the error means "no session" rather than "no connection" (see authStatusFailed). */
  errorMeansSignedOut: boolean;
  pathname: string;
}

/**
 * The guard of the signed-in spec, section 4: no token, a failed user fetch or no user sends the
 * visitor to /login; staff and superusers enter every area; others are kept to their own area.
 * A dropped connection never counts as a failed fetch: with a user already known it keeps that user,
 * so an installed app opened in the field with one bar does not throw the vendor out; with none known
 * yet (the device had not kept the answer) it waits for the connection, token kept, because signing
 * out there would lock the vendor out of the work kept on the phone until they are back online.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  if (!input.token) return { kind: 'login' };
  if (input.status === 'pending') return { kind: 'checking' };
  if (input.status === 'error' && input.errorMeansSignedOut) return { kind: 'login' };
  if (input.status === 'error' && !input.data) return { kind: 'offline' };

  const user = input.data?.isAuthenticated ? input.data.user : null;
  if (!user) return { kind: 'login' };

  const to = guardRedirect(user, input.pathname);
  return to === null ? { kind: 'allow', user } : { kind: 'redirect', to };
}
