import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { OVERDUE_JOB_DAYS, WORK_QUEUE_LIMIT } from '#shared/work-queue-kinds.ts';
import { epochMs, fromClientRequests, type QueueRow, queueRows, requestColumns } from './work-queue-rows.ts';

// The items read from the requests themselves. Each statement starts from the client's properties
// and reaches their requests of one status on the requests' (project, status) index, so neither
// reads the requests of other clients or of other statuses.

/**
 * Open requests with pending bids (an open request has no award): since the first of them. The
 * bids are counted on the bids' (request, vendor) index.
 */
export function bidsToReview(db: DbOrTx, clientId: number): Promise<QueueRow[]> {
  return queueRows(
    db,
    sql`
      select 'bids_to_review' as kind, ${requestColumns},
        null::int as vendor_id, null::text as vendor_name, b.n as amount, null::text as text,
        ${epochMs(sql`b.first_at`)} as since_ms, (count(*) over ())::int as total
      ${fromClientRequests('open')}
      left join units un on un.id = r.unit_id
      cross join lateral (
        select count(*)::int as n, min(created_at) as first_at
        from bids where request_id = r.id and status = 'pending'
      ) b
      where p.client_id = ${clientId} and r.awarded_bid_id is null and b.n > 0
      order by b.first_at, r.id
      limit ${WORK_QUEUE_LIMIT}`,
  );
}

/**
 * Awarded jobs waiting on the manager: marked complete by the vendor (since then), or not marked
 * complete OVERDUE_JOB_DAYS after the award (since the award plus those days). The award is the
 * accepted bid's decision, read by its primary key; the requests are joined flat here, as the
 * per-property subquery (fromClientRequests) had the planner hash every bid instead.
 */
export function inProgressJobs(db: DbOrTx, clientId: number, now: Date): Promise<QueueRow[]> {
  const overdueAfter = sql`make_interval(days => ${OVERDUE_JOB_DAYS}::int)`;
  return queueRows(
    db,
    sql`
      select * from (
        select j.*, (count(*) over (partition by j.kind))::int as total,
          row_number() over (partition by j.kind order by j.since_ms, j.request_id) as place
        from (
        select
          case when r.vendor_completed_at is not null then 'completion_to_confirm' else 'overdue_job' end as kind,
          ${requestColumns},
          a.vendor_id, ${vendorNameSql} as vendor_name, null::int as amount, null::text as text,
          ${epochMs(sql`coalesce(r.vendor_completed_at, a.decided_at + ${overdueAfter})`)} as since_ms
        from projects p
        join maintenance_requests r on r.project_id = p.id and r.status = 'in_progress'
        left join units un on un.id = r.unit_id
        left join bids a on a.id = r.awarded_bid_id
        left join users on users.id = a.vendor_id
        left join vendor_profiles on vendor_profiles.user_id = a.vendor_id
        where p.client_id = ${clientId}
          and (r.vendor_completed_at is not null
            or a.decided_at + ${overdueAfter} < ${now.toISOString()}::timestamptz)
        ) j
      ) k
      where k.place <= ${WORK_QUEUE_LIMIT}`,
  );
}
