import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clearSessionCookies, SESSION_COOKIE } from './cookies.ts';
import { findSession, type SessionRow, type UserRow } from './session-store.ts';

export interface AuthContext {
  session: SessionRow | null;
  user: UserRow | null;
  /** How the caller proved who it is; bearer callers are exempt from CSRF (no ambient credential). */
  via: 'cookie' | 'bearer' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Pages and static files of the PWA need no session lookup; every call to the server does. */
const SERVER_PREFIXES = ['/api/', '/users/', '/stripe/', '/checkout/'];

function needsAuth(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return SERVER_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/** Resolves who is asking, once per API request, before any handler runs. */
export const authContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = { session: null, user: null, via: null };
    if (!needsAuth(request)) return;
    const bearer = bearerToken(request);
    if (bearer) {
      const found = await findSession(app.db, bearer);
      if (found) request.auth = { ...found, via: 'bearer' };
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const found = await findSession(app.db, cookie);
    if (found) {
      request.auth = { ...found, via: 'cookie' };
    } else {
      // A stale cookie would make the browser send a dead CSRF token forever: drop both now.
      clearSessionCookies(reply);
    }
  });
});
