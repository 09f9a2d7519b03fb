import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { queryRows } from '#server/db/query-rows.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import type { WorkQueueKind } from '#shared/work-queue-kinds.ts';

/**
 * One row of a work-queue statement: the request it is about, since when it waits (epoch ms, a
 * float8 both drivers read as a number), and how many rows of its kind there are in all (a window
 * count taken before the statement's LIMIT). `vendor_*`, `amount` and `text` say the rest, per kind.
 */
export interface QueueRow {
  kind: WorkQueueKind;
  request_id: number;
  type: string;
  property: string | null;
  unit: string | null;
  vendor_id: number | null;
  vendor_name: string | null;
  /** bids_to_review: the pending bids; visits: the visit's number. */
  amount: number | null;
  /** unanswered_message: the waiting message; visits: the purpose. */
  text: string | null;
  since_ms: number;
  total: number;
}

/** The rows of one statement (each statement selects QueueRow's columns). */
export function queueRows(db: DbOrTx, query: SQL): Promise<QueueRow[]> {
  return queryRows<QueueRow>(db as Db, query);
}

/** The request's summary columns, for a statement joining `maintenance_requests r`, `projects p`, `units un`. */
export const requestColumns = sql`r.id as request_id, r.type, p.name as property, un.number as unit`;

/**
 * `from` the client's properties (`p`, on projects_client_idx once the statement says
 * `p.client_id = …`) and their requests in `statuses` (`r`), read per property on the requests'
 * (project, status) index. The subquery stays one (`offset 0`): joined flat, the planner read every
 * request of a client owning most of them by a sequential scan.
 */
export const fromClientRequests = (...statuses: RequestStatus[]) => sql`
  from projects p
  cross join lateral (
    select * from maintenance_requests
    where project_id = p.id and status in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})
    offset 0
  ) r`;

/** `extract(epoch)` in milliseconds, as float8. */
export const epochMs = (moment: SQL) => sql`(extract(epoch from ${moment}) * 1000)::float8`;
