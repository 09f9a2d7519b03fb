import { and, asc, eq, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { newJobAnnouncements } from '#server/db/schema/new-job-announcements.ts';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { type NewNotification, notify } from '#server/notifications/notify.ts';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { requestNumber } from '#shared/display-names.ts';

/** The job kind that writes the 'new_job' notices of the requests opened to vendors. */
export const NEW_JOB_ANNOUNCEMENTS = 'new-job-announcements';

export const ANNOUNCEMENT_POLICY = {
  /** Notices one statement writes: a request open to 2,000 vendors is two statements. */
  noticesPerStatement: 1_000,
  /**
   * The pass that announces what no wake-up reached (the process that opened the request died
   * before it queued one; the queue was down): the request's own write queues a pass at once.
   */
  sweepEveryMs: 60_000,
  firstSweepMs: 2_000,
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Writes the notices of every request waiting to be announced, now, in this process; a request
     * another process is announcing is waited for (tests; the queue does it on its own).
     */
    announceNewJobs(): Promise<number>;
    /** Queues an announcement pass at once (after the write that opened a request has committed). */
    wakeNewJobAnnouncements(): void;
  }
}

/**
 * 'new_job' notices for the vendors a request open to vendors reaches: those of its trade, or every
 * active vendor when it is open to all, only those staff have approved (vendor_profiles.approved_at:
 * no other sees a job); never its author, nor the vendors in `skip` (told otherwise).
 */
async function newJobNotices(
  tx: DbOrTx,
  request: { id: number; type: string; inviteAll: boolean; authorId: number },
  skip: readonly number[],
): Promise<NewNotification[]> {
  const trade = request.inviteAll
    ? undefined
    : sql`${vendorProfiles.serviceCategories} @> array[${request.type}]::text[]`;
  const vendors = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(
      and(
        eq(users.type, 'vendor'),
        eq(users.isActive, true),
        isNotNull(vendorProfiles.approvedAt),
        ne(users.id, request.authorId),
        skip.length > 0 ? notInArray(users.id, [...skip]) : undefined,
        trade,
      ),
    );
  return vendors.map((vendor) => ({
    userId: vendor.id,
    kind: 'new_job' as const,
    title: 'New job available',
    message: `A new ${request.type} request ${requestNumber(request.id)} is open for bids.`,
    relatedRequestId: request.id,
  }));
}

/** Marks a request, in the transaction that opens it to vendors, as one to announce. */
export async function queueNewJobAnnouncement(tx: DbOrTx, requestId: number): Promise<void> {
  await tx.insert(newJobAnnouncements).values({ requestId }).onConflictDoNothing();
}

/**
 * Announces one waiting request in one transaction: takes its row (`skip locked` while another
 * process announces it, or waits for that one when `wait`), writes a 'new_job' notice (with its
 * deliveries and events) to each vendor it reaches, not its author nor the vendors invited (told
 * as invited), and deletes the row in the same commit. A crash before the commit leaves the row, so
 * a retry announces it; after it, nothing is left to announce twice. Answers false when none waits.
 */
async function announceOne(db: Db, wait: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ requestId: newJobAnnouncements.requestId })
      .from(newJobAnnouncements)
      .orderBy(asc(newJobAnnouncements.requestId))
      .limit(1)
      .for('update', wait ? {} : { skipLocked: true });
    if (!claimed) return false;
    const deleted = await tx
      .delete(newJobAnnouncements)
      .where(eq(newJobAnnouncements.requestId, claimed.requestId))
      .returning({ requestId: newJobAnnouncements.requestId });
    // Announced by another process while this one waited for the row.
    if (deleted.length === 0) return true;
    const [request] = await tx
      .select({ id: mr.id, type: mr.type, inviteAll: mr.inviteAll, authorId: mr.createdById })
      .from(mr)
      .where(
        sql`${mr.id} = ${claimed.requestId} and ${mr.openedToVendorsAt} is not null and ${mr.status} = 'open'`,
      );
    // Closed (awarded, cancelled) before it was announced: nobody is told of a job they cannot take.
    if (!request) return true;
    const invited = await tx
      .select({ vendorId: requestInvitations.vendorId })
      .from(requestInvitations)
      .where(eq(requestInvitations.requestId, request.id));
    const notices = await newJobNotices(
      tx,
      request,
      invited.map((row) => row.vendorId),
    );
    for (let start = 0; start < notices.length; start += ANNOUNCEMENT_POLICY.noticesPerStatement) {
      await notify(tx, notices.slice(start, start + ANNOUNCEMENT_POLICY.noticesPerStatement));
    }
    return true;
  });
}

/** Announces every waiting request; answers how many. */
export async function announcePendingNewJobs(db: Db, options: { wait: boolean }): Promise<number> {
  let announced = 0;
  while (await announceOne(db, options.wait)) announced += 1;
  return announced;
}

/**
 * The announcements on the job queue: a pass every minute, and one queued (and this process's
 * worker woken) whenever a write opens a request to vendors, so the notices of a request open to
 * thousands of vendors are written within moments of its answer, never in its way.
 */
export const newJobAnnouncementPlugin = fp(async (app: FastifyInstance, options: { run?: boolean }) => {
  runPeriodically(app, {
    name: NEW_JOB_ANNOUNCEMENTS,
    firstMs: ANNOUNCEMENT_POLICY.firstSweepMs,
    everyMs: ANNOUNCEMENT_POLICY.sweepEveryMs,
    enabled: options.run !== false,
    run: () => announcePendingNewJobs(app.db, { wait: false }),
  });
  app.decorate('announceNewJobs', () => announcePendingNewJobs(app.db, { wait: true }));
  app.decorate('wakeNewJobAnnouncements', () => {
    if (options.run === false) return;
    app.jobs
      .send(NEW_JOB_ANNOUNCEMENTS, {}, { key: 'wake', wake: true })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'no announcement pass was queued; the next sweep announces'),
      );
  });
});
