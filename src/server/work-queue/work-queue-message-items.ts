import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { PROPERTY_TIME_ZONES } from '#shared/property-time-zone.ts';
import { businessDayBefore, WORK_QUEUE_LIMIT } from '#shared/work-queue-kinds.ts';
import { epochMs, fromClientRequests, type QueueRow, queueRows, requestColumns } from './work-queue-rows.ts';

/**
 * Threads of the client's open and in-progress requests where the vendor wrote last and its first
 * message since the managing side's last reply (a manager's or staff's) has waited a business day
 * in the property's zone. A vendor's later nudge does not reset the wait. Each thread is read on the
 * messages' (request, vendor, time) index; `text` is the waiting message.
 */
export function unansweredThreads(db: DbOrTx, clientId: number, now: Date): Promise<QueueRow[]> {
  // One business day back from now in each zone a property may be in (a handful of values).
  const cutoff = sql`case p.time_zone ${sql.join(
    PROPERTY_TIME_ZONES.map(
      (zone) => sql`when ${zone} then ${businessDayBefore(now, zone).toISOString()}::timestamptz`,
    ),
    sql` `,
  )} else ${businessDayBefore(now, 'UTC').toISOString()}::timestamptz end`;
  return queueRows(
    db,
    sql`
      select 'unanswered_message' as kind, ${requestColumns},
        t.vendor_id, ${vendorNameSql} as vendor_name, null::int as amount, w.content as text,
        ${epochMs(sql`w.created_at`)} as since_ms, (count(*) over ())::int as total
      ${fromClientRequests('open', 'in_progress')}
      left join units un on un.id = r.unit_id
      cross join lateral (
        select m.vendor_id, max(m.created_at) filter (where m.sender_role <> 'vendor') as replied_at
        from messages m where m.request_id = r.id
        group by m.vendor_id
      ) t
      cross join lateral (
        select created_at, content from messages
        where request_id = r.id and vendor_id = t.vendor_id
          and created_at > coalesce(t.replied_at, '-infinity'::timestamptz)
        order by created_at, id
        limit 1
      ) w
      join users on users.id = t.vendor_id
      left join vendor_profiles on vendor_profiles.user_id = t.vendor_id
      where p.client_id = ${clientId} and w.created_at <= ${cutoff}
      order by w.created_at, r.id
      limit ${WORK_QUEUE_LIMIT}`,
  );
}
