import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { WORK_QUEUE_LIMIT } from '#shared/work-queue-kinds.ts';
import { epochMs, fromClientRequests, type QueueRow, queueRows, requestColumns } from './work-queue-rows.ts';

/**
 * Awards waiting for the owner (owner_approvals, migration 0036) on the client's open requests,
 * since they were asked: the manager follows them up (send the link again, withdraw, override).
 * Reached from the open requests by the approvals' request index.
 */
export function approvalsWaiting(db: DbOrTx, clientId: number): Promise<QueueRow[]> {
  return queueRows(
    db,
    sql`
      select * from (
        select j.*, (count(*) over ())::int as total,
          row_number() over (order by j.since_ms, j.request_id) as place
        from (
        select 'approval_waiting' as kind, ${requestColumns},
          b.vendor_id, ${vendorNameSql} as vendor_name, o.amount, null::text as text,
          ${epochMs(sql`o.created_at`)} as since_ms
        ${fromClientRequests('open')}
        join owner_approvals o on o.request_id = r.id and o.status = 'waiting'
        left join units un on un.id = r.unit_id
        left join bids b on b.id = o.bid_id
        left join users on users.id = b.vendor_id
        left join vendor_profiles on vendor_profiles.user_id = b.vendor_id
        where p.client_id = ${clientId}
        ) j
      ) k
      where k.place <= ${WORK_QUEUE_LIMIT}`,
  );
}
