import { and, count, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { loginAttempts } from '#server/db/schema/sessions.ts';

/**
 * Failed logins allowed in a sliding window. An untrusted client (no device cookie of the account,
 * see login-devices.ts) is limited per account and per client address; a trusted device only by its
 * own failures, so guessing at an account never locks out its owner's browsers. The address is
 * Fastify's request.ip, which honours X-Forwarded-For only for TRUST_PROXY hops, so a forged
 * header cannot reset the count.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 50,
  perDevice: 10,
} as const;

export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please wait 15 minutes and try again.';

/** Who is trying: the account asked for, the client address and the trusted device, if any. */
export interface LoginClient {
  email: string;
  ip: string;
  deviceId: string | null;
}

async function failuresSince(db: Db, which: SQL | undefined, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(which, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

export async function isLoginBlocked(db: Db, client: LoginClient, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  if (client.deviceId) {
    return (
      (await failuresSince(db, eq(loginAttempts.deviceId, client.deviceId), since)) >= LOGIN_LIMITS.perDevice
    );
  }
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(db, and(eq(loginAttempts.email, client.email), isNull(loginAttempts.deviceId)), since),
    failuresSince(db, eq(loginAttempts.ip, client.ip), since),
  ]);
  return byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress;
}

/** The failures this very client made: its device's, or (untrusted) this address's at this account. */
function ownFailures(client: LoginClient): SQL | undefined {
  return client.deviceId
    ? eq(loginAttempts.deviceId, client.deviceId)
    : and(
        eq(loginAttempts.email, client.email),
        eq(loginAttempts.ip, client.ip),
        isNull(loginAttempts.deviceId),
      );
}

export async function recordLoginAttempt(db: Db, client: LoginClient, succeeded: boolean): Promise<void> {
  if (succeeded) {
    // The right password forgives only this client's own mistakes; failures from anywhere else
    // (an attacker's) keep counting, so the owner signing in never resets an attacker's window.
    await db.delete(loginAttempts).where(and(ownFailures(client), eq(loginAttempts.succeeded, false)));
  }
  await db.insert(loginAttempts).values({ ...client, succeeded });
}
