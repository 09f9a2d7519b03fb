import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { hashToken, randomToken } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Signed-in sessions survive two weeks without use (a vendor away on a job) and never more than
 * 30 days; a visitor's session (CSRF token, application drafts) lives a day idle, a week at most.
 */
export const SESSION_POLICY = {
  userIdleMs: 14 * DAY,
  userMaxAgeMs: 30 * DAY,
  visitorIdleMs: DAY,
  visitorMaxAgeMs: 7 * DAY,
  /** last_seen_at is written at most this often, not on every request. */
  touchEveryMs: MINUTE,
} as const;

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface NewSession {
  token: string;
  row: SessionRow;
}

export async function createSession(
  db: Db,
  input: { userId: number | null; ip: string; userAgent: string; now?: Date },
): Promise<NewSession> {
  const now = input.now ?? new Date();
  const token = randomToken();
  const maxAge = input.userId === null ? SESSION_POLICY.visitorMaxAgeMs : SESSION_POLICY.userMaxAgeMs;
  const [row] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      csrfToken: randomToken(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + maxAge),
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 512),
    })
    .returning();
  return { token, row: row! };
}

/** The live session for a token (and its active user), or null when unknown, idle too long or expired. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: UserRow | null } | null> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, hashToken(token)))
    .limit(1);
  if (!found) return null;
  const { session, user } = found;
  const idle = session.userId === null ? SESSION_POLICY.visitorIdleMs : SESSION_POLICY.userIdleMs;
  const expired = session.expiresAt <= now || session.lastSeenAt.getTime() + idle <= now.getTime();
  if (expired || (session.userId !== null && !user?.isActive)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_POLICY.touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return { session, user };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Housekeeping: drop sessions past their absolute expiry or idle limit. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  const userIdleSince = new Date(now.getTime() - SESSION_POLICY.userIdleMs);
  const visitorIdleSince = new Date(now.getTime() - SESSION_POLICY.visitorIdleMs);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, userIdleSince),
        and(isNull(sessions.userId), lt(sessions.lastSeenAt, visitorIdleSince)),
      ),
    );
}
