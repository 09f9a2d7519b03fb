import { and, count, eq, gt, inArray, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiError } from '#shared/api-errors.ts';
import { expiredSessions, type SessionRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { propertyManagerApplications, vendorApplications } from '../db/schema/applications.ts';
import { sessions } from '../db/schema/sessions.ts';
import { HttpError } from '../http/http-error.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long an unfinished application lives, and how many one client address may hold. A draft ends
 * with its session (a visitor's lasts a day idle, a week at most) or a week after its last save; a
 * vendor application waiting for its payment a month after (a checkout lasts a day at most). The
 * periodic sweep deletes what has ended, with its uploaded certificate.
 */
export const DRAFT_POLICY = {
  idleMs: 7 * DAY_MS,
  paymentPendingIdleMs: 30 * DAY_MS,
  /** Open applications (both kinds) of live sessions started from one address. */
  perAddress: 5,
  /** An abandoned visitor session, and its drafts, end after a day without use. */
  retryAfterSeconds: 24 * 60 * 60,
} as const;

/** The session that owns a draft and the client address it was started from. */
export interface DraftOwner {
  sessionId: string;
  ip: string;
}

export const draftOwner = (session: SessionRow): DraftOwner => ({ sessionId: session.id, ip: session.ip });

class TooManyDraftsError extends HttpError {
  constructor() {
    super(429, apiError('TOO_MANY_APPLICATIONS'));
  }
}

/** Open applications of live sessions started from `ip` that have not yet run out of time. */
async function liveDraftsFrom(db: Db, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DRAFT_POLICY.idleMs);
  const liveSessionFrom = and(eq(sessions.ip, ip), not(expiredSessions(now)));
  const [managers] = await db
    .select({ n: count() })
    .from(propertyManagerApplications)
    .innerJoin(sessions, eq(sessions.id, propertyManagerApplications.sessionId))
    .where(
      and(
        liveSessionFrom,
        eq(propertyManagerApplications.status, 'draft'),
        gt(propertyManagerApplications.updatedAt, since),
      ),
    );
  const [vendors] = await db
    .select({ n: count() })
    .from(vendorApplications)
    .innerJoin(sessions, eq(sessions.id, vendorApplications.sessionId))
    .where(
      and(
        liveSessionFrom,
        inArray(vendorApplications.status, ['draft', 'payment_pending']),
        gt(vendorApplications.updatedAt, since),
      ),
    );
  return (managers?.n ?? 0) + (vendors?.n ?? 0);
}

/**
 * Runs `create` (the insert of a session's first draft) only while the owner's address holds fewer
 * than `perAddress` open applications; 429 otherwise. A transaction-scoped advisory lock per address
 * makes count-then-insert one step across processes.
 */
export async function createWithinDraftLimit<T>(
  db: Db,
  owner: DraftOwner,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`application-drafts:${owner.ip}`}))`);
    if ((await liveDraftsFrom(tx, owner.ip, new Date())) >= DRAFT_POLICY.perAddress) {
      throw new TooManyDraftsError();
    }
    return create(tx);
  });
}

/** Adds Retry-After to the limit's 429 in the calling routes' plugin. */
export function addDraftLimitHeaders(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyDraftsError) {
      reply.header('retry-after', String(DRAFT_POLICY.retryAfterSeconds));
    }
  });
}
