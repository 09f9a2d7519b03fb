import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookies.ts';
import { findSession, type SessionRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';

/**
 * The caller's session for routes outside /api/ (the auth context resolves only /api/ requests):
 * the spec's success call lives at /stripe/... and must know who submitted the application.
 */
export async function sessionFromCookie(db: Db, request: FastifyRequest): Promise<SessionRow | null> {
  if (request.auth.session) return request.auth.session;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await findSession(db, token))?.session ?? null;
}
