import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type PasswordTokenPurpose, passwordTokens, users } from '#server/db/schema/users.ts';
import { hashToken, randomToken } from './tokens.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long each emailed link stays valid. Set-password links come from an application being
 * approved and may wait unread for days; a reset link answers a request the user just made.
 */
export const PASSWORD_TOKEN_LIFETIMES_MS: Record<PasswordTokenPurpose, number> = {
  set_password: 7 * 24 * HOUR_MS,
  reset_password: HOUR_MS,
  confirm_email: 3 * 24 * HOUR_MS,
};

export interface ValidPasswordToken {
  id: number;
  userId: number;
  purpose: PasswordTokenPurpose;
  /** The address the token was made for, which is still the account's. */
  email: string;
  expiresAt: Date;
}

/**
 * Mints a single-use token for the user's current address and stores only its hash; the raw token
 * goes into a link (to that address) once.
 */
export async function issuePasswordToken(
  db: Db,
  userId: number,
  purpose: PasswordTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`No user ${userId} to make a password token for`);
  const token = randomToken();
  await db.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_LIFETIMES_MS[purpose]),
  });
  return token;
}

/**
 * Revokes every unused token of the user (after an address change: each earlier link went to the
 * old address). Answers how many went.
 */
export async function revokePasswordTokens(db: Db, userId: number): Promise<number> {
  const gone = await db
    .delete(passwordTokens)
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
    .returning({ id: passwordTokens.id });
  return gone.length;
}

/**
 * The unused, unexpired token of one of the given purposes whose address is still the account's,
 * or null. Cheap (one indexed lookup): callers check it before any expensive work.
 */
export async function findValidPasswordToken<Purpose extends PasswordTokenPurpose>(
  db: Db,
  token: string,
  purposes: readonly Purpose[],
  now: Date = new Date(),
): Promise<(ValidPasswordToken & { purpose: Purpose }) | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      email: users.email,
      expiresAt: passwordTokens.expiresAt,
    })
    .from(passwordTokens)
    // A null token address (rows from before the column) equals nothing, so it matches no account.
    .innerJoin(users, and(eq(users.id, passwordTokens.userId), eq(users.email, passwordTokens.email)))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || !isOneOf(row.purpose, purposes)) return null;
  return { ...row, purpose: row.purpose };
}

function isOneOf<Purpose extends PasswordTokenPurpose>(
  purpose: PasswordTokenPurpose,
  purposes: readonly Purpose[],
): purpose is Purpose {
  return (purposes as readonly PasswordTokenPurpose[]).includes(purpose);
}

/**
 * Marks the token used and returns it, or null when it is unknown, expired, already used or of
 * another purpose. The conditional update makes two concurrent uses yield one winner.
 */
export async function consumePasswordToken(
  db: Db,
  token: string,
  purposes: readonly PasswordTokenPurpose[],
  now: Date = new Date(),
): Promise<ValidPasswordToken | null> {
  const found = await findValidPasswordToken(db, token, purposes, now);
  if (!found) return null;
  const [used] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, found.id), isNull(passwordTokens.usedAt)))
    .returning({ id: passwordTokens.id });
  return used ? found : null;
}
