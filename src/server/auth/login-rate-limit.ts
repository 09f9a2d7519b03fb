import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginAttempts } from '../db/schema/sessions.ts';

/**
 * Failed logins allowed in a sliding window, per account and per client address. The address is
 * Fastify's request.ip, which honours X-Forwarded-For only for TRUST_PROXY hops, so a forged
 * header cannot reset the count.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 50,
} as const;

export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please wait 15 minutes and try again.';

async function failuresSince(db: Db, column: 'email' | 'ip', value: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts[column], value),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function isLoginBlocked(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(db, 'email', email, since),
    failuresSince(db, 'ip', ip, since),
  ]);
  return byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress;
}

export async function recordLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  succeeded: boolean,
): Promise<void> {
  if (succeeded) {
    // A correct password ends the account's streak of failures; the address count is left alone.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  }
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}
