import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { users } from '#server/db/schema/users.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { everyWordIn } from '#server/db/word-search.ts';
import type {
  AdminContactMessage,
  AdminDemoRequest,
  DemoDecision,
  DemoRequestStatus,
  InboxCounts,
  InboxListQuery,
} from '#shared/admin-inbox.ts';
import { INBOX_PAGE_SIZE } from '#shared/admin-inbox.ts';
import type { ListPage } from '#shared/list-query.ts';

// The Inbox's two tables as staff read and handle them. Open means `handled_at is null`; a demo
// request's status moves with it (new while open, approved or declined once handled).

export type InboxTable = typeof demoRequests | typeof contactMessages | typeof visitRequests;

/** The staff member who handled a row: their name, else their email (null once the account is gone). */
export const handlerName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Open, handled or both, and every word of the search in one of `searchColumns`. */
export function listWhere(table: InboxTable, searchColumns: SQL[], query: InboxListQuery): SQL | undefined {
  const state =
    query.state === 'open'
      ? isNull(table.handledAt)
      : query.state === 'handled'
        ? isNotNull(table.handledAt)
        : undefined;
  return and(state, everyWordIn(sql`(${sql.join(searchColumns, sql` || ' ' || `)})`, query.search));
}

export async function countWhere(db: DbOrTx, table: InboxTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

const demoColumns = {
  id: demoRequests.id,
  email: demoRequests.email,
  companyName: demoRequests.companyName,
  status: demoRequests.status,
  createdAt: demoRequests.createdAt,
  handledAt: demoRequests.handledAt,
  handledById: demoRequests.handledById,
  handledBy: handlerName,
};

const toDemoRequest = (row: {
  id: number;
  email: string;
  companyName: string;
  status: DemoRequestStatus;
  createdAt: Date;
  handledAt: Date | null;
  handledById: number | null;
  handledBy: string | null;
}): AdminDemoRequest => ({
  id: row.id,
  email: row.email,
  company_name: row.companyName,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  handled_at: iso(row.handledAt),
  handled_by: row.handledBy,
  handled_by_id: row.handledById,
});

export async function listDemoRequests(
  db: DbOrTx,
  query: InboxListQuery,
): Promise<ListPage<AdminDemoRequest>> {
  const where = listWhere(
    demoRequests,
    [sql`${demoRequests.email}`, sql`${demoRequests.companyName}`],
    query,
  );
  return readListPage(
    db.select({ total: count() }).from(demoRequests).where(where),
    db
      .select(demoColumns)
      .from(demoRequests)
      .leftJoin(users, eq(users.id, demoRequests.handledById))
      .where(where)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id)),
    { page: query.page, pageSize: INBOX_PAGE_SIZE },
    toDemoRequest,
  );
}

export async function findDemoRequest(db: DbOrTx, id: number): Promise<AdminDemoRequest | null> {
  const [row] = await db
    .select(demoColumns)
    .from(demoRequests)
    .leftJoin(users, eq(users.id, demoRequests.handledById))
    .where(eq(demoRequests.id, id));
  return row ? toDemoRequest(row) : null;
}

const contactColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledById: contactMessages.handledById,
  handledBy: handlerName,
};

const toContactMessage = (row: {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledById: number | null;
  handledBy: string | null;
}): AdminContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  handled_at: iso(row.handledAt),
  handled_by: row.handledBy,
  handled_by_id: row.handledById,
});

export async function listContactMessages(
  db: DbOrTx,
  query: InboxListQuery,
): Promise<ListPage<AdminContactMessage>> {
  const c = contactMessages;
  const where = listWhere(c, [sql`${c.name}`, sql`${c.email}`, sql`${c.phone}`, sql`${c.message}`], query);
  return readListPage(
    db.select({ total: count() }).from(c).where(where),
    db
      .select(contactColumns)
      .from(c)
      .leftJoin(users, eq(users.id, c.handledById))
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.id)),
    { page: query.page, pageSize: INBOX_PAGE_SIZE },
    toContactMessage,
  );
}

export async function findContactMessage(db: DbOrTx, id: number): Promise<AdminContactMessage | null> {
  const [row] = await db
    .select(contactColumns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledById))
    .where(eq(contactMessages.id, id));
  return row ? toContactMessage(row) : null;
}

export async function countOpen(db: DbOrTx): Promise<InboxCounts> {
  const [demo, contact, visit] = await Promise.all([
    countWhere(db, demoRequests, isNull(demoRequests.handledAt)),
    countWhere(db, contactMessages, isNull(contactMessages.handledAt)),
    countWhere(db, visitRequests, isNull(visitRequests.handledAt)),
  ]);
  return { demo_requests: demo, contact_messages: contact, visit_requests: visit };
}

/**
 * A change of one row in a single statement guarded by its current state, so two staff clicking at
 * once cannot both win: 'changed', 'conflict' (the row was not in the state the change starts from)
 * or 'missing'. A demo request's conflict carries its current status for the message.
 */
export type InboxChange =
  | { outcome: 'changed' }
  | { outcome: 'conflict'; status: DemoRequestStatus }
  | { outcome: 'missing' };

type Change = 'handle' | 'reopen';

/** What a handle by `staffId` sets, or a reopen (null) clears. */
export const handledSet = (staffId: number | null) =>
  staffId !== null ? { handledAt: sql`now()`, handledById: staffId } : { handledAt: null, handledById: null };

/** The state a row must be in for the change: open to be handled, handled to be reopened. */
export const changeableFrom = (table: InboxTable, change: Change) =>
  change === 'handle' ? isNull(table.handledAt) : isNotNull(table.handledAt);

async function demoOutcome(db: DbOrTx, id: number, updated: unknown[]): Promise<InboxChange> {
  if (updated.length > 0) return { outcome: 'changed' };
  const [current] = await db
    .select({ status: demoRequests.status })
    .from(demoRequests)
    .where(eq(demoRequests.id, id));
  return current ? { outcome: 'conflict', status: current.status } : { outcome: 'missing' };
}

async function contactOutcome(db: DbOrTx, id: number, updated: unknown[]): Promise<InboxChange> {
  if (updated.length > 0) return { outcome: 'changed' };
  const [current] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return current ? { outcome: 'conflict', status: 'new' } : { outcome: 'missing' };
}

// Each change and its audit entry share one transaction.
const demoLabel = {
  id: demoRequests.id,
  label: sql<string>`${demoRequests.companyName} || ' · ' || ${demoRequests.email}`,
};
const contactLabel = {
  id: contactMessages.id,
  label: sql<string>`${contactMessages.name} || ' · ' || ${contactMessages.email}`,
};

/** Approves or declines an open demo request, or reopens a handled one (its status back to new). */
export async function changeDemoRequest(
  db: DbOrTx,
  id: number,
  actor: AuditActor,
  change: DemoDecision | 'reopen',
): Promise<InboxChange> {
  const handling = change !== 'reopen';
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(demoRequests)
      .set({ status: handling ? change : 'new', ...handledSet(handling ? actor.id : null) })
      .where(and(eq(demoRequests.id, id), changeableFrom(demoRequests, handling ? 'handle' : 'reopen')))
      .returning(demoLabel);
    for (const row of updated) {
      await recordAudit(tx, actor, {
        action: handling ? 'demo_request.handle' : 'demo_request.reopen',
        target: { type: 'demo_request', id, label: row.label },
        ...(handling ? { details: { status: change } } : {}),
      });
    }
    return demoOutcome(tx, id, updated);
  });
}

/** Marks a contact message handled by `actor`, or open again. */
export async function changeContactMessage(
  db: DbOrTx,
  id: number,
  actor: AuditActor,
  change: Change,
): Promise<InboxChange> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(contactMessages)
      .set(handledSet(change === 'handle' ? actor.id : null))
      .where(and(eq(contactMessages.id, id), changeableFrom(contactMessages, change)))
      .returning(contactLabel);
    for (const row of updated) {
      await recordAudit(tx, actor, {
        action: change === 'handle' ? 'contact_message.handle' : 'contact_message.reopen',
        target: { type: 'contact_message', id, label: row.label },
      });
    }
    return contactOutcome(tx, id, updated);
  });
}
