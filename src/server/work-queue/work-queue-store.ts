import type { DbOrTx } from '#server/db/db-or-tx.ts';
import type { WorkQueue } from '#shared/work-queue.ts';
import { WORK_QUEUE_KINDS, WORK_QUEUE_LIMIT, type WorkQueueKind } from '#shared/work-queue-kinds.ts';
import { approvalsWaiting } from './work-queue-approval-items.ts';
import { workQueueItem } from './work-queue-items.ts';
import { unansweredThreads } from './work-queue-message-items.ts';
import { bidsToReview, inProgressJobs } from './work-queue-request-items.ts';
import type { QueueRow } from './work-queue-rows.ts';
import { visitsWaiting } from './work-queue-visit-items.ts';

const EMPTY: WorkQueue = {
  items: [],
  counts: Object.fromEntries(WORK_QUEUE_KINDS.map((kind) => [kind, 0])) as Record<WorkQueueKind, number>,
};

/**
 * What waits on the managers of `clientId` (null: a manager without a client, or staff, for whom
 * the dashboard's queue is empty): every kind's oldest items, merged oldest first and cut to
 * WORK_QUEUE_LIMIT, and every kind counted in full. Read from the database on every call, never
 * from a read cache: an item must be gone the moment the manager has done it.
 */
export async function loadWorkQueue(db: DbOrTx, clientId: number | null, now: Date): Promise<WorkQueue> {
  if (clientId === null) return EMPTY;
  const kinds = await Promise.all([
    bidsToReview(db, clientId),
    inProgressJobs(db, clientId, now),
    visitsWaiting(db, clientId, now),
    unansweredThreads(db, clientId, now),
    approvalsWaiting(db, clientId),
  ]);
  const rows: QueueRow[] = kinds.flat();
  const counts = { ...EMPTY.counts };
  for (const row of rows) counts[row.kind] = row.total;
  rows.sort((a, b) => a.since_ms - b.since_ms || a.request_id - b.request_id);
  return { items: rows.slice(0, WORK_QUEUE_LIMIT).map((row) => workQueueItem(row, now)), counts };
}
