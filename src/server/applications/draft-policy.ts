import { and, count, eq, gt, inArray, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expiredSessions, type SessionRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { HttpError } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long an unfinished application lives, and how many one client address may start. A draft ends
 * with its session (a visitor's lasts a day idle, a week at most) or a week after its last save; a
 * vendor application waiting for its payment a month after (a checkout lasts a day at most). The
 * periodic sweep deletes what has ended, with its uploaded certificate.
 *
 * An office or a public Wi-Fi puts many people behind one address, so the limit counts only drafts
 * being filled in (saved within the last hour): one left alone stops counting against the others,
 * and stays its owner's to finish. The daily ceiling bounds the rows and certificates one address
 * can leave behind.
 */
export const DRAFT_POLICY = {
  idleMs: 7 * DAY_MS,
  paymentPendingIdleMs: 30 * DAY_MS,
  /** A draft saved within this long is in progress. */
  inProgressMs: HOUR_MS,
  /** Open applications (both kinds) in progress, of live sessions started from one address. */
  perAddressInProgress: 10,
  /** Open applications (both kinds) started in the last day, of live sessions from one address. */
  perAddressPerDay: 30,
} as const;

/** The session that owns a draft and the client address it was started from. */
export interface DraftOwner {
  sessionId: string;
  ip: string;
}

export const draftOwner = (session: SessionRow): DraftOwner => ({ sessionId: session.id, ip: session.ip });

/** The two limits, each with its plain words and when to come back. */
const LIMITS = {
  inProgress: {
    detail: apiError('TOO_MANY_APPLICATIONS').detail,
    retryAfterSeconds: HOUR_MS / 1000,
  },
  perDay: {
    detail:
      'Too many applications were started from your network (an office or public Wi-Fi shares one) today. Please try again tomorrow.',
    retryAfterSeconds: DAY_MS / 1000,
  },
} as const;

class TooManyDraftsError extends HttpError {
  constructor(readonly limit: (typeof LIMITS)[keyof typeof LIMITS]) {
    super(429, apiError('TOO_MANY_APPLICATIONS', limit.detail));
  }
}

interface DraftCounts {
  inProgress: number;
  startedToday: number;
}

/** Open applications of live sessions started from `ip`: those saved lately, and those begun today. */
async function openDraftsFrom(db: Db, ip: string, now: Date): Promise<DraftCounts> {
  const savedSince = new Date(now.getTime() - DRAFT_POLICY.inProgressMs);
  const startedSince = new Date(now.getTime() - DAY_MS);
  const liveSessionFrom = and(eq(sessions.ip, ip), not(expiredSessions(now)));
  const [managers] = await db
    .select({
      inProgress: count(sql`case when ${propertyManagerApplications.updatedAt} > ${savedSince} then 1 end`),
      startedToday: count(),
    })
    .from(propertyManagerApplications)
    .innerJoin(sessions, eq(sessions.id, propertyManagerApplications.sessionId))
    .where(
      and(
        liveSessionFrom,
        eq(propertyManagerApplications.status, 'draft'),
        gt(propertyManagerApplications.createdAt, startedSince),
      ),
    );
  const [vendors] = await db
    .select({
      inProgress: count(sql`case when ${vendorApplications.updatedAt} > ${savedSince} then 1 end`),
      startedToday: count(),
    })
    .from(vendorApplications)
    .innerJoin(sessions, eq(sessions.id, vendorApplications.sessionId))
    .where(
      and(
        liveSessionFrom,
        inArray(vendorApplications.status, ['draft', 'payment_pending']),
        gt(vendorApplications.createdAt, startedSince),
      ),
    );
  return {
    inProgress: (managers?.inProgress ?? 0) + (vendors?.inProgress ?? 0),
    startedToday: (managers?.startedToday ?? 0) + (vendors?.startedToday ?? 0),
  };
}

/**
 * Runs `create` (the insert of a session's first draft) only while the owner's address is under
 * both limits of DRAFT_POLICY; 429 with the limit's words otherwise. A transaction-scoped advisory lock per address
 * makes count-then-insert one step across processes.
 */
export async function createWithinDraftLimit<T>(
  db: Db,
  owner: DraftOwner,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`application-drafts:${owner.ip}`}))`);
    const counts = await openDraftsFrom(tx, owner.ip, new Date());
    if (counts.startedToday >= DRAFT_POLICY.perAddressPerDay) throw new TooManyDraftsError(LIMITS.perDay);
    if (counts.inProgress >= DRAFT_POLICY.perAddressInProgress)
      throw new TooManyDraftsError(LIMITS.inProgress);
    return create(tx);
  });
}

/** Adds Retry-After to the limit's 429 in the calling routes' plugin. */
export function addDraftLimitHeaders(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyDraftsError) {
      reply.header('retry-after', String(error.limit.retryAfterSeconds));
    }
  });
}
