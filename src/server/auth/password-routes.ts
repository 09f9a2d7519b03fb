import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { HttpError } from '#server/http/http-error.ts';
import { hitRateLimit } from '#server/http/rate-limit.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { confirmEmailMail, resetPasswordMail } from '#server/mail/account-mails.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { errorBodySchema } from '#shared/api-errors.ts';
import {
  confirmEmailInputSchema,
  emailInputSchema,
  INVALID_TOKEN,
  RESEND_MESSAGE,
  RESET_REQUEST_MESSAGE,
  setPasswordInputSchema,
} from '#shared/password-schemas.ts';
import { messageAnswerSchema } from '#shared/response-fields.ts';
import { passwordTokenAnswerSchema } from '#shared/users.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { setDeviceCookie } from './cookies.ts';
import { forgetDevices, trustDevice } from './login-devices.ts';
import {
  consumePasswordToken,
  findValidPasswordToken,
  issuePasswordToken,
  type ValidPasswordToken,
} from './password-tokens.ts';
import { hashPassword } from './passwords.ts';
import { PUBLIC } from './security-schemes.ts';

const HOUR_MS = 60 * 60_000;
/**
 * Per client address and per address asked about; an address over its limit gets 429. The calls
 * that take a token (set password, reset confirm) share the per-client-address limit.
 */
const LIMITS = { perIp: 20, perEmail: 5, windowMs: HOUR_MS } as const;
const TOO_MANY = 'Too many requests. Please try again later.';
const CONFIRM_FAILED = 'This confirmation link is invalid or has expired.';

/**
 * The spec's password calls answer `{error}` on failure; field errors ride along for forms
 * (firstErrorAsError: the route's 400 names its first message as `error` too).
 */
const answersError = { firstErrorAsError: true } as const;
const messageResponses = { ...errorResponses, 200: messageAnswerSchema };

async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** Counts the request against the caller's address: 429 with Retry-After when over. */
async function limitClientAddress(app: FastifyInstance, reply: FastifyReply, action: string, ip: string) {
  if (!(await hitRateLimit(app.db, `${action}:ip:${ip}`, LIMITS.perIp, LIMITS.windowMs))) {
    reply.header('retry-after', String(LIMITS.windowMs / 1000));
    throw new HttpError(429, { detail: TOO_MANY, error: TOO_MANY });
  }
}

/**
 * Counts the request against the caller's address (429 when over) and against the address asked
 * about; over the latter the answer stays the same but no mail goes out, so the limit neither
 * reveals accounts nor lets anyone flood a mailbox.
 */
async function allowMail(
  app: FastifyInstance,
  reply: FastifyReply,
  action: string,
  ip: string,
  email: string,
) {
  await limitClientAddress(app, reply, action, ip);
  return hitRateLimit(app.db, `${action}:email:${email.toLowerCase()}`, LIMITS.perEmail, LIMITS.windowMs);
}

/**
 * The token of a set-password or reset-confirm call, checked before its password is hashed: scrypt
 * costs tens of milliseconds of CPU, which a caller without a valid token must not get for free.
 * The transaction that uses the token checks it again (it may be spent meanwhile).
 */
async function requireLiveToken(
  app: FastifyInstance,
  token: string,
  purpose: 'set_password' | 'reset_password',
): Promise<ValidPasswordToken> {
  const found = await findValidPasswordToken(app.db, token, [purpose]);
  if (!found) throw new HttpError(400, { error: INVALID_TOKEN });
  return found;
}

/**
 * Setting a password through a token proves the account as well as a sign-in does, so this browser
 * becomes a trusted device (its own way past a lock on guessing at the account).
 */
async function trustThisBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const device = await trustDevice(app.db, userId, null);
  // Whatever device cookie the browser had (another account's) is replaced; after a reset the
  // account has no devices left to rotate.
  setDeviceCookie(request, reply, device, { secure: app.config.cookieSecure });
}

type UserRow = typeof users.$inferSelect;

/**
 * A password set with a mailed token (set password, reset confirm): the client address's limit,
 * the common-password rule and the token checked before the costly hash; then in one transaction the
 * token spent, `changes` (with the new hash) written to its account if the account still has the
 * address the token was mailed to, and `after` run for it; 400 INVALID_TOKEN when either is gone by
 * then. Last, this browser is trusted.
 */
async function setPasswordByToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  call: { action: string; purpose: 'set_password' | 'reset_password'; token: string; password: string },
  changes: PgUpdateSetSource<typeof users>,
  after: (tx: Db, user: UserRow) => Promise<void>,
): Promise<void> {
  await limitClientAddress(app, reply, call.action, request.ip);
  refuseCommonPassword(call.password);
  await requireLiveToken(app, call.token, call.purpose);
  const passwordHash = await hashPassword(call.password);
  const userId = await app.db.transaction(async (tx) => {
    const token = await consumePasswordToken(tx, call.token, [call.purpose]);
    if (!token) throw new HttpError(400, { error: INVALID_TOKEN });
    const [user] = await tx
      .update(users)
      .set({ ...changes, passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
      .returning();
    if (!user) throw new HttpError(400, { error: INVALID_TOKEN });
    await after(tx, user);
    return user.id;
  });
  await trustThisBrowser(app, request, reply, userId);
}

/**
 * A call that mails a link to an address (resend confirmation, reset password): the limits of
 * allowMail, then `mail` in one transaction for an account of that address that `wants` it. The
 * caller answers the same whether or not it was sent, so that nothing reveals which accounts exist.
 */
async function mailAccountOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  call: { action: string; email: string },
  wants: (user: UserRow) => boolean,
  mail: (tx: Db, user: UserRow) => Promise<void>,
): Promise<void> {
  if (!(await allowMail(app, reply, call.action, request.ip, call.email))) return;
  const user = await findUserByEmail(app.db, call.email);
  if (user && wants(user)) await app.db.transaction((tx) => mail(tx, user));
}

/** Public spec, sections 2, 7 and 8: set password, confirm email, resend, reset. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const mailConfirmation = async (tx: Db, user: UserRow) => {
    const key = await issuePasswordToken(tx, user.id, 'confirm_email');
    await enqueueMail(tx, confirmEmailMail(publicUrl, user.email, key));
  };

  // One endpoint for both screens: a set-password or reset token validates. The set screen reads
  // the status (400 {error}); the reset screen reads `valid`, present in both answers.
  const validateSchema = {
    summary: 'Whether a set-password or reset-password token may still be used',
    security: PUBLIC,
    params: z.object({ token: z.string() }),
    response: {
      ...errorResponses,
      200: passwordTokenAnswerSchema,
      400: errorBodySchema.extend({ valid: z.literal(false) }),
    },
  };
  api.get('/api/users/validate-password-token/:token/', { schema: validateSchema }, async (request) => {
    const found = await findValidPasswordToken(app.db, request.params.token, [
      'set_password',
      'reset_password',
    ]);
    if (!found) throw new HttpError(400, { error: INVALID_TOKEN, valid: false });
    return { valid: true as const, purpose: found.purpose };
  });

  const setPasswordSchema = {
    summary: "Set a new account's first password (the token from its set-password mail)",
    body: setPasswordInputSchema,
    response: messageResponses,
  };
  api.post(
    '/api/users/set-password/',
    { schema: setPasswordSchema, config: answersError },
    async (request, reply) => {
      const { token, password } = request.body;
      const call = { action: 'set-password', purpose: 'set_password', token, password } as const;
      await setPasswordByToken(app, request, reply, call, {}, async (tx, user) => {
        if (!user.emailConfirmedAt) await mailConfirmation(tx, user);
      });
      return { message: 'Password set successfully. Please check your email to confirm your address.' };
    },
  );

  // No /api prefix: the spec's path. Same answer whether or not the account exists.
  const resendSchema = {
    summary: 'Send the address-confirmation mail again (the same answer whether or not the account exists)',
    body: emailInputSchema,
    response: messageResponses,
  };
  api.post(
    '/users/resend-validation-email/',
    { schema: resendSchema, config: answersError },
    async (request, reply) => {
      const call = { action: 'resend-validation', email: request.body.email };
      const unconfirmed = (user: UserRow) => user.isActive && !!user.passwordHash && !user.emailConfirmedAt;
      await mailAccountOf(app, request, reply, call, unconfirmed, mailConfirmation);
      return { message: RESEND_MESSAGE };
    },
  );

  const confirmSchema = {
    summary: 'Confirm an email address (the key from its confirmation mail)',
    body: confirmEmailInputSchema,
    response: messageResponses,
  };
  api.post('/api/users/confirm-email/', { schema: confirmSchema, config: answersError }, async (request) => {
    const { key } = request.body;
    const failed = () => new HttpError(400, { error: CONFIRM_FAILED, detail: CONFIRM_FAILED });
    await app.db.transaction(async (tx) => {
      const token = await consumePasswordToken(tx, key, ['confirm_email']);
      if (!token) throw failed();
      // Only the address the link was mailed to, even if the account changed it a moment ago.
      const confirmed = await tx
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
        .returning({ id: users.id });
      if (confirmed.length === 0) throw failed();
    });
    return { message: 'Your email has been confirmed successfully.' };
  });

  // Field errors in the `errors` map only (section 7: errors, non_field_errors or message).
  const resetSchema = {
    summary: 'Mail a password-reset link (the same answer whether or not the account exists)',
    body: emailInputSchema,
    response: messageResponses,
  };
  api.post('/api/users/reset-password/', { schema: resetSchema }, async (request, reply) => {
    const call = { action: 'reset-password', email: request.body.email };
    await mailAccountOf(
      app,
      request,
      reply,
      call,
      (user) => user.isActive,
      async (tx, user) => {
        const token = await issuePasswordToken(tx, user.id, 'reset_password');
        await enqueueMail(tx, resetPasswordMail(publicUrl, user.email, token));
      },
    );
    return { message: RESET_REQUEST_MESSAGE };
  });

  const resetConfirmSchema = {
    summary: 'Set a new password with the token from a password-reset mail',
    body: setPasswordInputSchema,
    response: messageResponses,
  };
  api.post(
    '/api/users/reset-password-confirm/',
    { schema: resetConfirmSchema, config: answersError },
    async (request, reply) => {
      const { token, password } = request.body;
      const call = { action: 'reset-password-confirm', purpose: 'reset_password', token, password } as const;
      // The link reached the mailbox, so the address is confirmed too.
      const confirmed = { emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` };
      await setPasswordByToken(app, request, reply, call, confirmed, async (tx, user) => {
        // Whoever held the old password is signed out everywhere, and no browser stays trusted.
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await forgetDevices(tx, user.id);
      });
      return { message: 'Your password has been reset successfully.' };
    },
  );
}
