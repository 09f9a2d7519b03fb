import { and, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { cleanHeaderText } from '#shared/text-fields.ts';
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
      // A header the client controls: kept without control characters (text-fields.ts).
      userAgent: cleanHeaderText(input.userAgent, 512),
    })
    .returning();
  return { token, row: row! };
}

/** Whether a session found earlier is still good now: not idle too long, not expired, its user active. */
export function isSessionLive(found: { session: SessionRow; user: UserRow | null }, now: Date): boolean {
  const { session, user } = found;
  const idle = session.userId === null ? SESSION_POLICY.visitorIdleMs : SESSION_POLICY.userIdleMs;
  const expired = session.expiresAt <= now || session.lastSeenAt.getTime() + idle <= now.getTime();
  return !expired && (session.userId === null || user?.isActive === true);
}

/** last_seen_at is written at most once a minute; answers the session as it now stands. */
export async function touchSession(db: Db, session: SessionRow, now: Date): Promise<SessionRow> {
  if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_POLICY.touchEveryMs) return session;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  return { ...session, lastSeenAt: now };
}

/** The live session for a token (and its active user), or null when unknown, idle too long or expired. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: UserRow | null } | null> {
  return findSessionById(db, hashToken(token), now);
}

/** findSession for the stored id (the token's SHA-256). */
export async function findSessionById(
  db: Db,
  sessionId: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: UserRow | null } | null> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!found) return null;
  if (!isSessionLive(found, now)) {
    await db.delete(sessions).where(eq(sessions.id, found.session.id));
    return null;
  }
  return { session: await touchSession(db, found.session, now), user: found.user };
}

/**
 * Which of these sessions are still there and before their absolute expiry, in one statement per
 * 1,000, read without touching last_seen_at (an open event stream alone must not keep a session
 * alive).
 */
export async function openSessionIds(
  db: Db,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  const open = new Set<string>();
  for (let start = 0; start < sessionIds.length; start += 1_000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds.slice(start, start + 1_000)), gt(sessions.expiresAt, now)));
    for (const row of rows) open.add(row.id);
  }
  return open;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Sessions past their absolute expiry or idle limit (findSession's rule, as SQL): the periodic
 * sweep deletes them (src/server/housekeeping/).
 */
export function expiredSessions(now: Date): SQL {
  const userIdleSince = new Date(now.getTime() - SESSION_POLICY.userIdleMs);
  const visitorIdleSince = new Date(now.getTime() - SESSION_POLICY.visitorIdleMs);
  return or(
    lte(sessions.expiresAt, now),
    lte(sessions.lastSeenAt, userIdleSince),
    and(isNull(sessions.userId), lte(sessions.lastSeenAt, visitorIdleSince)),
  ) as SQL;
}
