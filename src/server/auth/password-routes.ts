import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  confirmEmailInputSchema,
  emailInputSchema,
  INVALID_TOKEN,
  RESEND_MESSAGE,
  RESET_REQUEST_MESSAGE,
  setPasswordInputSchema,
} from '#shared/password-schemas.ts';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { fieldErrors, HttpError } from '../http/http-error.ts';
import { hitRateLimit } from '../http/rate-limit.ts';
import { confirmEmailMail, resetPasswordMail } from '../mail/account-mails.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { consumePasswordToken, findValidPasswordToken, issuePasswordToken } from './password-tokens.ts';
import { hashPassword } from './passwords.ts';

const HOUR_MS = 60 * 60_000;
/** Per client address and per address asked about; an address over its limit gets 429. */
const LIMITS = { perIp: 20, perEmail: 5, windowMs: HOUR_MS } as const;
const TOO_MANY = 'Too many requests. Please try again later.';
const CONFIRM_FAILED = 'This confirmation link is invalid or has expired.';

/** The spec's password calls answer `{error}` on failure; field errors ride along for forms. */
function parseOrError<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const body = fieldErrors(result.error);
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw new HttpError(400, { ...body, error: first });
}

async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
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
  if (!(await hitRateLimit(app.db, `${action}:ip:${ip}`, LIMITS.perIp, LIMITS.windowMs))) {
    reply.header('retry-after', String(LIMITS.windowMs / 1000));
    throw new HttpError(429, { detail: TOO_MANY, error: TOO_MANY });
  }
  return hitRateLimit(app.db, `${action}:email:${email.toLowerCase()}`, LIMITS.perEmail, LIMITS.windowMs);
}

/** Public spec, sections 2, 7 and 8: set password, confirm email, resend, reset. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.config;

  // One endpoint for both screens: a set-password or reset token validates. The set screen reads
  // the status (400 {error}); the reset screen reads `valid`, present in both answers.
  app.get<{ Params: { token: string } }>('/api/users/validate-password-token/:token/', async (request) => {
    const found = await findValidPasswordToken(app.db, request.params.token, [
      'set_password',
      'reset_password',
    ]);
    if (!found) throw new HttpError(400, { error: INVALID_TOKEN, valid: false });
    return { valid: true, purpose: found.purpose };
  });

  app.post('/api/users/set-password/', async (request) => {
    const input = parseOrError(setPasswordInputSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    await app.db.transaction(async (tx) => {
      const token = await consumePasswordToken(tx, input.token, ['set_password']);
      if (!token) throw new HttpError(400, { error: INVALID_TOKEN });
      const [user] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, token.userId))
        .returning();
      if (!user) throw new HttpError(400, { error: INVALID_TOKEN });
      if (!user.emailConfirmedAt) {
        const key = await issuePasswordToken(tx, user.id, 'confirm_email');
        await enqueueMail(tx, confirmEmailMail(publicUrl, user.email, key));
      }
    });
    return { message: 'Password set successfully. Please check your email to confirm your address.' };
  });

  // No /api prefix: the spec's path. Same answer whether or not the account exists.
  app.post('/users/resend-validation-email/', async (request, reply) => {
    const { email } = parseOrError(emailInputSchema, request.body);
    if (!(await allowMail(app, reply, 'resend-validation', request.ip, email)))
      return { message: RESEND_MESSAGE };
    const user = await findUserByEmail(app.db, email);
    if (user?.isActive && user.passwordHash && !user.emailConfirmedAt) {
      await app.db.transaction(async (tx) => {
        const key = await issuePasswordToken(tx, user.id, 'confirm_email');
        await enqueueMail(tx, confirmEmailMail(publicUrl, user.email, key));
      });
    }
    return { message: RESEND_MESSAGE };
  });

  app.post('/api/users/confirm-email/', async (request) => {
    const { key } = parseOrError(confirmEmailInputSchema, request.body);
    const token = await consumePasswordToken(app.db, key, ['confirm_email']);
    if (!token) throw new HttpError(400, { error: CONFIRM_FAILED, detail: CONFIRM_FAILED });
    await app.db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, token.userId));
    return { message: 'Your email has been confirmed successfully.' };
  });

  app.post('/api/users/reset-password/', async (request, reply) => {
    // Field errors in the `errors` map (section 7: errors, non_field_errors or message).
    const result = emailInputSchema.safeParse(request.body ?? {});
    if (!result.success) throw new HttpError(400, fieldErrors(result.error));
    const { email } = result.data;
    if (!(await allowMail(app, reply, 'reset-password', request.ip, email))) {
      return { message: RESET_REQUEST_MESSAGE };
    }
    const user = await findUserByEmail(app.db, email);
    if (user?.isActive) {
      await app.db.transaction(async (tx) => {
        const token = await issuePasswordToken(tx, user.id, 'reset_password');
        await enqueueMail(tx, resetPasswordMail(publicUrl, user.email, token));
      });
    }
    return { message: RESET_REQUEST_MESSAGE };
  });

  app.post('/api/users/reset-password-confirm/', async (request) => {
    const input = parseOrError(setPasswordInputSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    await app.db.transaction(async (tx) => {
      const token = await consumePasswordToken(tx, input.token, ['reset_password']);
      if (!token) throw new HttpError(400, { error: INVALID_TOKEN });
      // The link reached the mailbox, so the address is confirmed too.
      await tx
        .update(users)
        .set({
          passwordHash,
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, token.userId));
      // Whoever held the old password is signed out everywhere.
      await tx.delete(sessions).where(eq(sessions.userId, token.userId));
    });
    return { message: 'Your password has been reset successfully.' };
  });
}
