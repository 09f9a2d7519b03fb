import type { FastifyRequest } from 'fastify';
import { apiError } from '#shared/api-errors.ts';
import type { SessionRow } from '../auth/session-store.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * Application drafts belong to the caller's session (visitor or signed in; public spec, section 4),
 * so a caller without one cannot save. The browser gets one from GET /api/get-csrf-token/.
 */
export function requireSession(request: FastifyRequest): SessionRow {
  const { session } = request.auth;
  if (!session) {
    throw new HttpError(403, apiError('NO_SESSION'));
  }
  return session;
}

export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists.';
