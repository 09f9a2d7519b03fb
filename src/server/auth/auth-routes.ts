import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '#server/db/schema/users.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { apiError } from '#shared/api-errors.ts';
import { messageAnswerSchema } from '#shared/response-fields.ts';
import {
  authStatusSchema,
  csrfTokenAnswerSchema,
  loginInputSchema,
  loginResponseSchema,
} from '#shared/users.ts';
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
import { PUBLIC, SIGNED_IN_OR_NOT } from './security-schemes.ts';
import { createSession, deleteSession } from './session-store.ts';

const INVALID_CREDENTIALS = 'Invalid email or password.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookiePolicy = { secure: app.config.cookieSecure };

  const csrfTokenSchema = {
    summary: 'A CSRF token, starting a visitor session (cookie) when the caller has none',
    security: PUBLIC,
    response: { ...errorResponses, 200: csrfTokenAnswerSchema },
  };
  api.get('/api/get-csrf-token/', { schema: csrfTokenSchema }, async (request, reply) => {
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

  const loginSchema = {
    summary: 'Sign in: answers a Bearer token and sets the session cookie',
    body: loginInputSchema,
    response: { ...errorResponses, 200: loginResponseSchema },
  };
  api.post('/api/users/login/', { schema: loginSchema }, async (request, reply) => {
    const input = request.body;
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
      const { detail, code } = apiError('EMAIL_NOT_CONFIRMED');
      throw new HttpError(400, { non_field_errors: [detail], code });
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

  const logoutSchema = {
    summary: "Sign out: ends the caller's session and clears its cookies",
    response: { ...errorResponses, 200: messageAnswerSchema },
  };
  api.post('/api/users/logout/', { schema: logoutSchema }, async (request, reply) => {
    if (request.auth.session) await deleteSession(app.db, request.auth.session.id);
    clearSessionCookies(reply);
    return { message: 'Logged out successfully.' };
  });

  // A hot route (every page load asks it): its answer is small, so the zod serializer costs little.
  const authStatusRouteSchema = {
    summary: 'Who is signed in, if anyone',
    security: SIGNED_IN_OR_NOT,
    response: { ...errorResponses, 200: authStatusSchema },
  };
  api.get('/api/users/auth-status/', { schema: authStatusRouteSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = request.auth;
    return { isAuthenticated: user !== null, user: user ? toAuthUser(user) : null };
  });
}
