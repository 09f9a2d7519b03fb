import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AuditActor } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { users } from '#server/db/schema/users.ts';
import { visitRequests as v } from '#server/db/schema/visit-requests.ts';
import type { AdminVisitRequest, InboxListQuery } from '#shared/admin-inbox.ts';
import { INBOX_PAGE_SIZE } from '#shared/admin-inbox.ts';
import type { ListPage } from '#shared/list-query.ts';
import { changeableFrom, handledSet, handlerName, iso, listWhere } from './inbox-store.ts';
import { auditVisitRequestChange } from './visit-request-audit.ts';

// The Inbox's Visit requests tab (Schedule a Visit), read and handled as contact messages are:
// open while `handled_at` is null.

const columns = {
  id: v.id,
  name: v.name,
  email: v.email,
  phone: v.phone,
  companyName: v.companyName,
  propertyAddress: v.propertyAddress,
  numberOfUnits: v.numberOfUnits,
  preferredDate1: v.preferredDate1,
  preferredTime1: v.preferredTime1,
  preferredDate2: v.preferredDate2,
  preferredTime2: v.preferredTime2,
  notes: v.notes,
  createdAt: v.createdAt,
  handledAt: v.handledAt,
  handledById: v.handledById,
  handledBy: handlerName,
};

/** The rows with the name of whoever handled them. */
const selectRows = (db: DbOrTx) => db.select(columns).from(v).leftJoin(users, eq(users.id, v.handledById));
type Row = Awaited<ReturnType<typeof selectRows>>[number];

const toVisitRequest = (row: Row): AdminVisitRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company_name: row.companyName,
  property_address: row.propertyAddress,
  number_of_units: row.numberOfUnits,
  preferred_date_1: row.preferredDate1,
  preferred_time_1: row.preferredTime1,
  preferred_date_2: row.preferredDate2,
  preferred_time_2: row.preferredTime2,
  notes: row.notes,
  created_at: row.createdAt.toISOString(),
  handled_at: iso(row.handledAt),
  handled_by: row.handledBy,
  handled_by_id: row.handledById,
});

/** Every word of `search` in name, email, phone, company, address or notes (inbox-store.ts's rule). */
const searchColumns = [
  sql`${v.name}`,
  sql`${v.email}`,
  sql`${v.phone}`,
  sql`${v.companyName}`,
  sql`${v.propertyAddress}`,
  sql`${v.notes}`,
];

export async function listVisitRequests(
  db: DbOrTx,
  query: InboxListQuery,
): Promise<ListPage<AdminVisitRequest>> {
  const where = listWhere(v, searchColumns, query);
  return readListPage(
    db.select({ total: count() }).from(v).where(where),
    selectRows(db).where(where).orderBy(desc(v.createdAt), desc(v.id)),
    { page: query.page, pageSize: INBOX_PAGE_SIZE },
    toVisitRequest,
  );
}

export async function findVisitRequest(db: DbOrTx, id: number): Promise<AdminVisitRequest | null> {
  const [row] = await selectRows(db).where(eq(v.id, id));
  return row ? toVisitRequest(row) : null;
}

/**
 * Marks a request handled (`staffId`) or open again (null) in one statement guarded by its current
 * state, so two staff clicking at once cannot both win: 'changed', 'conflict' or 'missing'.
 */
export async function setVisitRequestHandled(
  db: DbOrTx,
  id: number,
  staffId: number | null,
): Promise<'changed' | 'conflict' | 'missing'> {
  const updated = await db
    .update(v)
    .set(handledSet(staffId))
    .where(and(eq(v.id, id), changeableFrom(v, staffId !== null ? 'handle' : 'reopen')))
    .returning({ id: v.id });
  if (updated.length > 0) return 'changed';
  const [current] = await db.select({ id: v.id }).from(v).where(eq(v.id, id));
  return current ? 'conflict' : 'missing';
}

/** Handles or reopens a visit request as `actor`, and audits a change, in one transaction. */
export async function changeVisitRequest(
  db: DbOrTx,
  id: number,
  actor: AuditActor,
  change: 'handle' | 'reopen',
): Promise<'changed' | 'conflict' | 'missing'> {
  return db.transaction(async (tx) => {
    const outcome = await setVisitRequestHandled(tx, id, change === 'handle' ? actor.id : null);
    if (outcome === 'changed') await auditVisitRequestChange(tx, actor, id, change);
    return outcome;
  });
}
