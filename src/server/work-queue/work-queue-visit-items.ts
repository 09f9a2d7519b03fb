import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { WORK_QUEUE_LIMIT } from '#shared/work-queue-kinds.ts';
import { epochMs, fromClientRequests, type QueueRow, queueRows, requestColumns } from './work-queue-rows.ts';

/**
 * The visits of the client's jobs in progress (job_visits, migration 0034) waiting on the manager:
 * proposed by the vendor (since the proposal's last change), and confirmed visits whose end has
 * passed with no arrival (since the end). Reached from the requests in progress by the visits'
 * request index.
 */
export function visitsWaiting(db: DbOrTx, clientId: number, now: Date): Promise<QueueRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return queueRows(
    db,
    sql`
      select * from (
        select j.*, (count(*) over (partition by j.kind))::int as total,
          row_number() over (partition by j.kind order by j.since_ms, j.request_id) as place
        from (
        select
          case when v.status = 'proposed' then 'visit_to_confirm' else 'overdue_visit' end as kind,
          ${requestColumns},
          a.vendor_id, ${vendorNameSql} as vendor_name, v.number as amount, v.purpose as text,
          ${epochMs(sql`case when v.status = 'proposed' then v.updated_at else v.ends_at end`)} as since_ms
        ${fromClientRequests('in_progress')}
        join job_visits v on v.request_id = r.id
        left join units un on un.id = r.unit_id
        left join bids a on a.id = r.awarded_bid_id
        left join users on users.id = a.vendor_id
        left join vendor_profiles on vendor_profiles.user_id = a.vendor_id
        where p.client_id = ${clientId}
          and ((v.status = 'proposed' and v.proposed_by = 'vendor')
            or (v.status = 'confirmed' and v.ends_at < ${at} and v.arrived_at is null))
        ) j
      ) k
      where k.place <= ${WORK_QUEUE_LIMIT}`,
  );
}
