import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginInputSchema } from '#shared/users.ts';
import { users } from '../db/schema/users.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { toAuthUser } from './auth-user.ts';
import { clearSessionCookies, DEVICE_COOKIE, setDeviceCookie, setSessionCookies } from './cookies.ts';
import { findTrustedDevice, trustDevice } from './login-devices.ts';
import {
  isLoginBlocked,
  type LoginClient,
  recordLoginAttempt,
  TOO_MANY_ATTEMPTS,
} from './login-rate-limit.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, deleteSession } from './session-store.ts';

const INVALID_CREDENTIALS = 'Invalid email or password.';
const UNCONFIRMED_EMAIL =
  'Please confirm your email address before logging in. Check your inbox for the link.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const cookiePolicy = { secure: app.config.cookieSecure };

  app.get('/api/get-csrf-token/', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const existing = request.auth.via === 'cookie' ? request.auth.session : null;
    if (existing) return { csrfToken: existing.csrfToken };
    const { token, row } = await createSession(app.db, {
      userId: null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    setSessionCookies(request, reply, token, row, cookiePolicy);
    return { csrfToken: row.csrfToken };
  });

  app.post('/api/users/login/', async (request, reply) => {
    const input = parseInput(loginInputSchema, request.body);
    const email = input.email.toLowerCase();
    const deviceId = await findTrustedDevice(app.db, request.cookies[DEVICE_COOKIE], email);
    const client: LoginClient = { email, ip: request.ip, deviceId };
    if (await isLoginBlocked(app.db, client)) {
      reply.header('retry-after', '900');
      throw new HttpError(429, { detail: TOO_MANY_ATTEMPTS, non_field_errors: [TOO_MANY_ATTEMPTS] });
    }
    const [user] = await app.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !passwordOk || !user.isActive) {
      await recordLoginAttempt(app.db, client, false);
      throw new HttpError(400, { non_field_errors: [INVALID_CREDENTIALS] });
    }
    if (!user.emailConfirmedAt) {
      throw new HttpError(400, { non_field_errors: [UNCONFIRMED_EMAIL], code: 'EMAIL_NOT_CONFIRMED' });
    }
    await recordLoginAttempt(app.db, client, true);
    // A new session id at every login: whatever session the browser had before is ended.
    if (request.auth.session) await deleteSession(app.db, request.auth.session.id);
    const { token, row } = await createSession(app.db, {
      userId: user.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    setSessionCookies(request, reply, token, row, cookiePolicy);
    setDeviceCookie(request, reply, await trustDevice(app.db, user.id, deviceId), cookiePolicy);
    reply.header('cache-control', 'no-store');
    return { message: 'Login successful', token, user: toAuthUser(user) };
  });

  app.post('/api/users/logout/', async (request, reply) => {
    if (request.auth.session) await deleteSession(app.db, request.auth.session.id);
    clearSessionCookies(reply);
    return { message: 'Logged out successfully.' };
  });

  app.get('/api/users/auth-status/', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = request.auth;
    return { isAuthenticated: user !== null, user: user ? toAuthUser(user) : null };
  });
}
