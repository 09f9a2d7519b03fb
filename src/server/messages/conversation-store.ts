import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';

const threadRowSchema = z.object({
  request_id: z.number(),
  vendor_id: z.number(),
  unread_count: z.number(),
  last_message: z.string(),
  timestamp: z.string(),
  type: z.string(),
  created_by_id: z.number(),
  invite_all: z.boolean(),
  /** False while a vendor's report waits for its managers (request-visibility.ts). */
  open_to_vendors: z.boolean(),
  project_id: z.number().nullable(),
  property: z.string().nullable(),
  client_id: z.number().nullable(),
  manager: z.string(),
  vendor_name: z.string(),
  /** Whether the thread's vendor is invited to the request (what the vendor's visibility needs). */
  vendor_invited: z.boolean(),
});
export type ThreadRow = z.infer<typeof threadRowSchema>;

/**
 * Every thread the user takes part in, newest activity first, with the messages unread by its side:
 * a vendor's own threads; a manager's threads on the requests its client owns; a staff member's on
 * the requests it raised (requestManagerIds), one per (request, vendor). Creating a request makes no
 * manager of anyone else: a manager who moved to another client, or a vendor reporter, reads none.
 */
export async function loadThreads(db: Db, user: UserRow): Promise<ThreadRow[]> {
  const isVendor = user.type === 'vendor';
  const managed: SQL[] = [];
  if (user.type === 'property_manager' && user.clientId !== null)
    managed.push(sql`p.client_id = ${user.clientId}`);
  if (isStaff(user)) managed.push(sql`r.created_by_id = ${user.id}`);
  const scope = isVendor
    ? sql`m.vendor_id = ${user.id}`
    : managed.length === 0
      ? sql`false`
      : sql`m.request_id in (select r.id from maintenance_requests r left join projects p on p.id = r.project_id
        where ${sql.join(managed, sql` or `)})`;
  const unreadToMe = isVendor ? sql`m.sender_role <> 'vendor'` : sql`m.sender_role = 'vendor'`;
  const result = await db.execute(sql`
    with threads as (
      select m.request_id, m.vendor_id,
        (count(*) filter (where m.read_at is null and ${unreadToMe}))::int as unread_count
      from messages m where ${scope}
      group by m.request_id, m.vendor_id
    ), latest as (
      select distinct on (m.request_id, m.vendor_id) m.request_id, m.vendor_id, m.content, m.created_at, m.id
      from messages m where ${scope}
      order by m.request_id, m.vendor_id, m.created_at desc, m.id desc
    )
    select t.request_id, t.vendor_id, t.unread_count, l.content as last_message,
      to_json(l.created_at) #>> '{}' as timestamp,
      r.type, r.created_by_id, r.invite_all, r.opened_to_vendors_at is not null as open_to_vendors, r.project_id, p.name as property, p.client_id,
      -- A vendor reporter is not the managing side: its request shows the owning client instead.
      case when c.type = 'vendor' then coalesce(cl.name, '')
        else coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email) end as manager,
      coalesce(vp.company_name, nullif(trim(v.first_name || ' ' || v.last_name), ''), v.email) as vendor_name,
      exists (select 1 from request_invitations i where i.request_id = t.request_id and i.vendor_id = t.vendor_id)
        as vendor_invited
    from threads t
    join latest l on l.request_id = t.request_id and l.vendor_id = t.vendor_id
    join maintenance_requests r on r.id = t.request_id
    left join projects p on p.id = r.project_id
    left join clients cl on cl.id = p.client_id
    join users c on c.id = r.created_by_id
    join users v on v.id = t.vendor_id
    left join vendor_profiles vp on vp.user_id = t.vendor_id
    order by l.created_at desc, l.id desc
  `);
  return z.array(threadRowSchema).parse((result as unknown as { rows: unknown[] }).rows);
}
