import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Listener } from '../db/database.ts';
import { clearSessionCookies, SESSION_COOKIE } from './cookies.ts';
import { AUTH_CHANGES_CHANNEL, parseAuthChange, SessionCache } from './session-cache.ts';
import {
  findSessionById,
  isSessionLive,
  type SessionRow,
  touchSession,
  type UserRow,
} from './session-store.ts';
import { hashToken } from './tokens.ts';

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
  interface FastifyInstance {
    /** Recently used sessions of this process, dropped on every change any process makes. */
    sessionCache: SessionCache;
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

/** The session for a token: from this process's cache while it is live, else from the database. */
async function lookUp(
  app: FastifyInstance,
  token: string,
): Promise<{ session: SessionRow; user: UserRow | null } | null> {
  const id = hashToken(token);
  const now = new Date();
  const cached = app.sessionCache.get(id, now.getTime());
  if (cached && isSessionLive(cached, now)) {
    const session = await touchSession(app.db, cached.session, now);
    if (session !== cached.session) app.sessionCache.update(id, { session, user: cached.user });
    return { session, user: cached.user };
  }
  app.sessionCache.dropSessions([id]);
  const found = await findSessionById(app.db, id, now);
  if (found) app.sessionCache.set(id, found, now.getTime());
  return found;
}

/** Resolves who is asking, once per API request, before any handler runs. */
export const authContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('sessionCache', new SessionCache());
  let listener: Listener | null = null;
  app.addHook('onReady', async () => {
    listener = await app.database.listen(AUTH_CHANGES_CHANNEL, (payload) =>
      app.sessionCache.apply(parseAuthChange(payload)),
    );
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
    app.sessionCache.clear();
  });
  // A write may have ended sessions or changed a user (logout, deactivation, a new password): its
  // answer waits until this process has dropped what it cached, so the caller's next request cannot
  // find the old session here. Other processes drop theirs as their notification arrives.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await listener?.sync();
    return payload;
  });

  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = { session: null, user: null, via: null };
    if (!needsAuth(request)) return;
    const bearer = bearerToken(request);
    if (bearer) {
      const found = await lookUp(app, bearer);
      if (found) request.auth = { ...found, via: 'bearer' };
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const found = await lookUp(app, cookie);
    if (found) {
      request.auth = { ...found, via: 'cookie' };
    } else {
      // A stale cookie would make the browser send a dead CSRF token forever: drop both now.
      clearSessionCookies(reply);
    }
  });
});
