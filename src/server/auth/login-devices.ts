import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { loginDevices } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { hashToken, randomToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * OWASP's "device cookies" (Slow Down Online Guessing Attacks with Device Cookies): a browser that
 * signed in to an account gets a random token bound to that account. Guessing passwords locks the
 * account only for clients without one, so the owner's own browsers still get in, and nobody can
 * get a token without the password.
 */
export const DEVICE_POLICY = {
  /** Trust lasts this long after the last successful sign-in from the browser. */
  lifetimeMs: 180 * DAY_MS,
  /** Newest devices kept per account; scripts that never keep the cookie would otherwise pile up. */
  perUser: 20,
} as const;

/** The trusted device the cookie names, if it is unexpired and bound to the account signing in. */
export async function findTrustedDevice(
  db: Db,
  token: string | undefined,
  email: string,
  now = new Date(),
): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        eq(loginDevices.id, hashToken(token)),
        eq(sql`lower(${users.email})`, email),
        gt(loginDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Trusts the browser for the account after it proved the password (or a mailed token): a new token
 * each time, replacing the one it presented. Answers the token for the cookie.
 */
export async function trustDevice(
  db: Db,
  userId: number,
  replacing: string | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + DEVICE_POLICY.lifetimeMs);
  if (replacing) await db.delete(loginDevices).where(eq(loginDevices.id, replacing));
  await db.insert(loginDevices).values({ id: hashToken(token), userId, createdAt: now, expiresAt });
  const newest = db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(desc(loginDevices.createdAt))
    .limit(DEVICE_POLICY.perUser);
  await db
    .delete(loginDevices)
    .where(and(eq(loginDevices.userId, userId), notInArray(loginDevices.id, newest)));
  return { token, expiresAt };
}

/** After a password change every earlier browser must prove the new password to be trusted again. */
export async function forgetDevices(db: Db, userId: number): Promise<void> {
  await db.delete(loginDevices).where(eq(loginDevices.userId, userId));
}
