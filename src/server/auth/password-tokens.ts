import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type PasswordTokenPurpose, passwordTokens } from '#server/db/schema/users.ts';
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
  expiresAt: Date;
}

/** Mints a single-use token and stores only its hash; the raw token goes into a link once. */
export async function issuePasswordToken(
  db: Db,
  userId: number,
  purpose: PasswordTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_LIFETIMES_MS[purpose]),
  });
  return token;
}

/** The unused, unexpired token of one of the given purposes, or null. */
export async function findValidPasswordToken(
  db: Db,
  token: string,
  purposes: readonly PasswordTokenPurpose[],
  now: Date = new Date(),
): Promise<ValidPasswordToken | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
    })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || !purposes.includes(row.purpose)) return null;
  return row;
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
