import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cachesReady } from '#server/cache/request-ready.ts';
import { HttpError } from '#server/http/http-error.ts';
import { API_KEY_MESSAGES } from '#shared/api-keys.ts';
import {
  type ApiKeyRow,
  type FoundApiKey,
  findApiKeyByHash,
  isApiKeyUsable,
  looksLikeApiKey,
  touchApiKey,
} from './api-key-store.ts';
import { clearSessionCookies, SESSION_COOKIE } from './cookies.ts';
import { authChangeOf, SessionCache } from './session-cache.ts';
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
  /** The vendor API key the caller sent (via 'api_key'); its scope is api-key-scope.ts. */
  apiKey: ApiKeyRow | null;
  /**
   * How the caller proved who it is; bearer and API-key callers are exempt from CSRF (no ambient
   * credential).
   */
  via: 'cookie' | 'bearer' | 'api_key' | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers everyone alike and reads no caller (the health probes): no session or
     * API-key lookup runs in front of it, so its answer rests on its own checks alone (a probe must
     * answer its own 503 while the database is lost, whatever cookie it carries).
     */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    /** Recently used sessions of this process, dropped on every change any process makes. */
    sessionCache: SessionCache;
    /** Recently used vendor API keys of this process, keyed by hash, dropped like sessions. */
    apiKeyCache: SessionCache<FoundApiKey>;
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

/**
 * The entry `cache` holds for `id`, once the change feed vouches for it, else undefined (then the
 * caller reads the database). Only a request that finds an entry waits: a miss is read fresh.
 */
async function trusted<T extends { user: UserRow | null }>(
  request: FastifyRequest,
  cache: SessionCache<T>,
  id: string,
  now: Date,
): Promise<T | undefined> {
  if (cache.get(id, now.getTime()) === undefined) return undefined;
  if (!(await cachesReady(request))) {
    cache.dropSessions([id]);
    return undefined;
  }
  // Read again: a change applied during the wait may have dropped it.
  return cache.get(id, now.getTime());
}

/**
 * The session for a token: from this process's cache while it is live, else from the database.
 * A cached session is trusted only once this process has applied every change committed before the
 * request arrived (cachesReady: the read caches' rule and the same wait), so a logout, deactivation
 * or new password made through another process or a script holds here from the next request.
 */
async function lookUp(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<{ session: SessionRow; user: UserRow | null } | null> {
  const id = hashToken(token);
  const now = new Date();
  const cached = await trusted(request, app.sessionCache, id, now);
  if (cached && isSessionLive(cached, now)) {
    const session = await touchSession(app.db, cached.session, now);
    if (session !== cached.session) app.sessionCache.update(id, { session, user: cached.user });
    return { session, user: cached.user };
  }
  app.sessionCache.dropSessions([id]);
  const epoch = app.sessionCache.epoch;
  const found = await findSessionById(app.db, id, now);
  if (found) app.sessionCache.setIfUnchanged(id, found, epoch, now.getTime());
  return found;
}

/**
 * The key for a bearer token, from this process's cache (trusted as a session is), else from the
 * database; null when no unrevoked key has that hash. Usability (active vendor, active subscription)
 * is the caller's check.
 */
async function lookUpApiKey(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<FoundApiKey | null> {
  const hash = hashToken(token);
  const now = new Date();
  let found = (await trusted(request, app.apiKeyCache, hash, now)) ?? null;
  if (!found) {
    const epoch = app.apiKeyCache.epoch;
    found = await findApiKeyByHash(app.db, hash);
    if (!found) return null;
    app.apiKeyCache.setIfUnchanged(hash, found, epoch, now.getTime());
  }
  if (!isApiKeyUsable(found)) return found;
  const apiKey = await touchApiKey(app.db, found.apiKey, now);
  if (apiKey !== found.apiKey) {
    found = { ...found, apiKey };
    app.apiKeyCache.update(hash, found);
  }
  return found;
}

async function authenticateBearer(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  // Keys start with fb_; a session token rarely does, so it is tried second rather than refused.
  if (looksLikeApiKey(token)) {
    const key = await lookUpApiKey(app, request, token);
    if (key) {
      if (!isApiKeyUsable(key))
        throw new HttpError(401, { detail: API_KEY_MESSAGES.inactive, code: 'API_KEY_INACTIVE' });
      request.auth = { session: null, user: key.user, apiKey: key.apiKey, via: 'api_key' };
      return;
    }
  }
  const found = await lookUp(app, request, token);
  if (found) {
    request.auth = { ...found, apiKey: null, via: 'bearer' };
    return;
  }
  // A key that is unknown or revoked says so, rather than acting as a visitor on public routes.
  if (looksLikeApiKey(token))
    throw new HttpError(401, { detail: API_KEY_MESSAGES.invalid, code: 'API_KEY_INVALID' });
}

/** Resolves who is asking, once per API request, before any handler runs. */
export const authContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('sessionCache', new SessionCache());
  app.decorate('apiKeyCache', new SessionCache<FoundApiKey>());
  // Invalidations come through the process's one cache channel (cache/change-feed.ts), which also
  // holds every answer to a write until this process has dropped what the write ended (a logout,
  // a deactivation, a new password), so the caller's next request cannot find the old session here.
  // Other processes drop theirs as their notification arrives, and no request trusts a cached
  // entry before its process has applied every notification committed before it arrived (lookUp).
  app.changeFeed.onChange((change) => {
    const auth = authChangeOf(change);
    app.sessionCache.apply(auth);
    app.apiKeyCache.apply(auth);
  });
  // Invalidations sent while the LISTEN connection was down are lost: forget everything cached.
  app.changeFeed.onReset(() => {
    app.sessionCache.clear();
    app.apiKeyCache.clear();
  });

  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = { session: null, user: null, apiKey: null, via: null };
    if (!needsAuth(request) || request.routeOptions.config.anonymous) return;
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    if (bearer) {
      await authenticateBearer(app, request, bearer);
      // The app sends its token both ways. When the session has ended, the cookie must go too (the
      // same session, or a dead one): otherwise the next write, sent by cookie once the app has
      // dropped its token, carries the dead session's CSRF token and is refused before the login.
      if (request.auth.user === null && cookie && !(await lookUp(app, request, cookie)))
        clearSessionCookies(reply);
      return;
    }
    if (!cookie) return;
    const found = await lookUp(app, request, cookie);
    if (found) {
      request.auth = { ...found, apiKey: null, via: 'cookie' };
    } else {
      // A stale cookie would make the browser send a dead CSRF token forever: drop both now.
      clearSessionCookies(reply);
    }
  });
});
