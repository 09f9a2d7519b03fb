import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { serverSecret } from '#server/auth/server-secrets.ts';
import { safeEqual } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { phoneVerificationCodes as codes } from '#server/db/schema/phone-verification-codes.ts';
import { users } from '#server/db/schema/users.ts';
import { PHONE_CODE_MESSAGES, PHONE_CODE_POLICY } from '#shared/phone-verification.ts';
import { smsNumberOf } from './sms-number.ts';

/*
 * One-time codes that confirm a user's mobile number (docs/decisions/sms-number-confirmation.md, "Confirmed numbers"):
 * texted to the profile's number, kept only as an HMAC keyed with a server secret and bound to the
 * user and the number, valid for 10 minutes, once, and voided by the fifth wrong try. The rows also
 * count the texts sent for the sending limits (per user and per number, sliding windows).
 */

const SECRET_NAME = 'phone_codes';

/** The stored form of a code: bound to the user and the number, so it confirms nothing else. */
export function phoneCodeHash(secret: Buffer, userId: number, digits: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code:${userId}:${digits}:${code}`).digest('base64url');
}

export function phoneCodeSecret(db: Db): Promise<Buffer> {
  return serverSecret(db, SECRET_NAME);
}

/** Whether the profile's number is the one the user confirmed. */
export function isConfirmedNumber(user: { phoneNumber: string; phoneVerifiedNumber: string | null }) {
  return user.phoneVerifiedNumber !== null && user.phoneVerifiedNumber === user.phoneNumber;
}

export type IssueResult =
  | { ok: true; code: string; to: string; id: number }
  | { ok: false; status: 400 | 409 | 429; detail: string; retryAfterSeconds?: number };

/** How long until a send is allowed again, from the codes sent in the last hour (oldest first), or 0. */
export function waitBeforeSending(sentAt: readonly Date[], now: Date): { seconds: number; hourly: boolean } {
  let wait = 0;
  let hourly = false;
  for (const limit of PHONE_CODE_POLICY.sendLimits) {
    const inWindow = sentAt.filter((at) => at.getTime() > now.getTime() - limit.windowMs);
    if (inWindow.length < limit.max) continue;
    // The window frees a place when the oldest send that fills it leaves it.
    const freeAt = inWindow[inWindow.length - limit.max]!.getTime() + limit.windowMs;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    if (seconds > wait) {
      wait = seconds;
      hourly = limit.windowMs > 60_000;
    }
  }
  return { seconds: wait, hourly };
}

/**
 * Makes a code for the user's current number, within the sending limits, and stores its hash: the
 * caller texts it (outside this transaction: no lock is held while the provider is called). The
 * user's row and an advisory lock on the number serialize concurrent asks, so two at once cannot
 * both pass a limit.
 */
export async function issuePhoneCode(db: Db, userId: number, now: Date = new Date()): Promise<IssueResult> {
  const secret = await phoneCodeSecret(db);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ phoneNumber: users.phoneNumber, phoneVerifiedNumber: users.phoneVerifiedNumber })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const to = user ? smsNumberOf(user.phoneNumber) : null;
    if (!user || !to) return { ok: false, status: 400, detail: PHONE_CODE_MESSAGES.noNumber };
    if (isConfirmedNumber(user))
      return { ok: false, status: 409, detail: PHONE_CODE_MESSAGES.alreadyConfirmed };
    const digits = user.phoneNumber;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${digits}`}))`);

    const hourAgo = new Date(
      now.getTime() - Math.max(...PHONE_CODE_POLICY.sendLimits.map((l) => l.windowMs)),
    );
    const recent = await tx
      .select({ userId: codes.userId, phoneNumber: codes.phoneNumber, createdAt: codes.createdAt })
      .from(codes)
      .where(and(or(eq(codes.userId, userId), eq(codes.phoneNumber, digits)), gt(codes.createdAt, hourAgo)))
      .orderBy(codes.createdAt);
    const byUser = waitBeforeSending(
      recent.filter((row) => row.userId === userId).map((row) => row.createdAt),
      now,
    );
    const byNumber = waitBeforeSending(
      recent.filter((row) => row.phoneNumber === digits).map((row) => row.createdAt),
      now,
    );
    const wait = byUser.seconds >= byNumber.seconds ? byUser : byNumber;
    if (wait.seconds > 0) {
      const detail = wait.hourly
        ? PHONE_CODE_MESSAGES.waitMinutes(Math.ceil(wait.seconds / 60))
        : PHONE_CODE_MESSAGES.waitSeconds(wait.seconds);
      return { ok: false, status: 429, detail, retryAfterSeconds: wait.seconds };
    }

    const code = String(randomInt(0, 10 ** PHONE_CODE_POLICY.length)).padStart(PHONE_CODE_POLICY.length, '0');
    const [row] = await tx
      .insert(codes)
      .values({
        userId,
        phoneNumber: digits,
        codeHash: phoneCodeHash(secret, userId, digits, code),
        expiresAt: new Date(now.getTime() + PHONE_CODE_POLICY.ttlMs),
        createdAt: now,
      })
      .returning({ id: codes.id });
    return { ok: true, code, to, id: row!.id };
  });
}

/** A code whose text could not be sent works no more (it still counts against the limits). */
export async function voidPhoneCode(db: Db, id: number): Promise<void> {
  await db.update(codes).set({ attempts: PHONE_CODE_POLICY.maxAttempts }).where(eq(codes.id, id));
}

export type CheckResult = { ok: true } | { ok: false; detail: string };

/**
 * Checks a code against the last one texted to the user, for the number the profile has now; the
 * right code marks it used and the number confirmed, in one transaction. A wrong code counts, and is
 * kept counted although the answer is a refusal.
 */
export async function checkPhoneCode(
  db: Db,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<CheckResult> {
  const secret = await phoneCodeSecret(db);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ phoneNumber: users.phoneNumber, phoneVerifiedNumber: users.phoneVerifiedNumber })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || !smsNumberOf(user.phoneNumber)) return { ok: false, detail: PHONE_CODE_MESSAGES.noNumber };
    if (isConfirmedNumber(user)) return { ok: true };
    const digits = user.phoneNumber;
    const [last] = await tx
      .select()
      .from(codes)
      .where(eq(codes.userId, userId))
      .orderBy(desc(codes.id))
      .limit(1)
      .for('update');
    // Only the newest code counts, and only for the number it was sent to.
    if (!last || last.phoneNumber !== digits || last.usedAt !== null) {
      return { ok: false, detail: PHONE_CODE_MESSAGES.noCode };
    }
    if (last.attempts >= PHONE_CODE_POLICY.maxAttempts)
      return { ok: false, detail: PHONE_CODE_MESSAGES.voided };
    if (last.expiresAt.getTime() <= now.getTime()) return { ok: false, detail: PHONE_CODE_MESSAGES.expired };
    if (!safeEqual(phoneCodeHash(secret, userId, digits, code), last.codeHash)) {
      const attempts = last.attempts + 1;
      await tx.update(codes).set({ attempts }).where(eq(codes.id, last.id));
      const left = PHONE_CODE_POLICY.maxAttempts - attempts;
      return { ok: false, detail: left > 0 ? PHONE_CODE_MESSAGES.wrong(left) : PHONE_CODE_MESSAGES.voided };
    }
    await tx.update(codes).set({ usedAt: now }).where(eq(codes.id, last.id));
    await tx
      .update(users)
      .set({ phoneVerifiedNumber: digits, phoneVerifiedAt: now })
      .where(eq(users.id, userId));
    return { ok: true };
  });
}

/** When the newest code texted to the user's current number stops working, while it still can be used. */
export async function pendingCodeExpiry(
  db: DbOrTx,
  userId: number,
  now: Date = new Date(),
): Promise<Date | null> {
  const [last] = await db
    .select({
      phoneNumber: codes.phoneNumber,
      current: users.phoneNumber,
      usedAt: codes.usedAt,
      attempts: codes.attempts,
      expiresAt: codes.expiresAt,
    })
    .from(codes)
    .innerJoin(users, eq(users.id, codes.userId))
    .where(eq(codes.userId, userId))
    .orderBy(desc(codes.id))
    .limit(1);
  const usable =
    last &&
    last.phoneNumber === last.current &&
    last.usedAt === null &&
    last.attempts < PHONE_CODE_POLICY.maxAttempts &&
    last.expiresAt.getTime() > now.getTime();
  return usable ? last.expiresAt : null;
}
