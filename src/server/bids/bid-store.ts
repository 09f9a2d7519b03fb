import { type AnyColumn, and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { reusedStatement } from '#server/db/reused-statement.ts';
import { bids } from '#server/db/schema/bids.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { pricedColumns } from '#server/request-core/priced-bid.ts';
import type { MyBidPage } from '#shared/bid-responses.ts';
import type { BidInput, BidOrderingField, MyBidsQuery } from '#shared/bid-schemas.ts';

// Bids as the bid calls read and write them (src/server/bids/*-routes.ts).

export type BidRow = typeof bids.$inferSelect;

export async function findBid(db: DbOrTx, id: number): Promise<BidRow | undefined> {
  const [bid] = await db.select().from(bids).where(eq(bids.id, id));
  return bid;
}

/** The vendor's own bid by its id; undefined for another vendor's. */
export async function findVendorBid(db: DbOrTx, id: number, vendorId: number): Promise<BidRow | undefined> {
  const [bid] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.id, id), eq(bids.vendorId, vendorId)));
  return bid;
}

export async function findOwnBidId(db: DbOrTx, vendorId: number, requestId: number) {
  const [bid] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.requestId, requestId), eq(bids.vendorId, vendorId)));
  return bid?.id;
}

export function bidColumns(input: BidInput) {
  return {
    amount: input.amount,
    estimatedTime: input.estimated_time,
    estimatedTimeUnit: input.estimated_time_unit,
    proposedStartDate: new Date(input.proposed_start_date),
    notes: input.notes,
    ...pricedColumns(input),
  };
}

const insertStatement = reusedStatement((db) =>
  db
    .insert(bids)
    .values({
      requestId: sql.placeholder('requestId'),
      vendorId: sql.placeholder('vendorId'),
      amount: sql.placeholder('amount'),
      estimatedTime: sql.placeholder('estimatedTime'),
      estimatedTimeUnit: sql.placeholder('estimatedTimeUnit'),
      proposedStartDate: sql.placeholder('proposedStartDate'),
      notes: sql.placeholder('notes'),
      lineItems: sql.placeholder('lineItems'),
      options: sql.placeholder('options'),
    })
    .onConflictDoNothing({ target: [bids.requestId, bids.vendorId] })
    .returning()
    .prepare('fieldbid_bid_insert'),
);

/**
 * A new pending bid; undefined when the vendor already has one on the request. UNIQUE(request_id,
 * vendor_id) is the real guard: a racing submission that won leaves this insert nothing to do (no
 * error, so no savepoint needed). Built once (db/reused-statement.ts): every column of bidColumns
 * is always set (bidInputSchema's output has them all).
 */
export async function insertBid(
  db: DbOrTx,
  requestId: number,
  vendorId: number,
  input: BidInput,
): Promise<BidRow | undefined> {
  const columns: Record<keyof ReturnType<typeof bidColumns>, unknown> = bidColumns(input);
  const [bid] = await insertStatement(db, { requestId, vendorId, ...columns });
  return bid;
}

/** Changes a bid while it is pending (an award landing meanwhile is not overwritten); else undefined. */
export async function updatePendingBid(
  db: DbOrTx,
  bidId: number,
  input: BidInput,
): Promise<BidRow | undefined> {
  const [updated] = await db
    .update(bids)
    .set({ ...bidColumns(input), updatedAt: new Date() })
    .where(and(eq(bids.id, bidId), eq(bids.status, 'pending')))
    .returning();
  return updated;
}

/**
 * Withdraws a pending bid; undefined when it is no longer pending. The request row is locked first,
 * as an award takes it: a withdrawal racing the award of this very bid either lands before it (the
 * award then finds no pending bid) or finds the bid decided.
 */
export async function withdrawPendingBid(db: DbOrTx, bid: BidRow): Promise<BidRow | undefined> {
  await db.select({ id: mr.id }).from(mr).where(eq(mr.id, bid.requestId)).for('update');
  const [updated] = await db
    .update(bids)
    .set({ status: 'withdrawn', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bids.id, bid.id), eq(bids.status, 'pending')))
    .returning();
  return updated;
}

const orderColumns: Record<BidOrderingField, AnyColumn> = {
  status: bids.status,
  amount: bids.amount,
  created_at: bids.createdAt,
};

function orderBy(ordering: string | undefined): SQL[] {
  if (!ordering) return [desc(bids.createdAt), desc(bids.id)];
  const column = orderColumns[ordering.replace(/^-/, '') as BidOrderingField];
  const primary = ordering.startsWith('-') ? desc(column) : asc(column);
  return [primary, desc(bids.createdAt), desc(bids.id)];
}

/** One page of the vendor's My Bids (signed-in spec, section 3). */
export async function listVendorBids(db: DbOrTx, vendorId: number, query: MyBidsQuery): Promise<MyBidPage> {
  const where = and(eq(bids.vendorId, vendorId), query.status ? eq(bids.status, query.status) : undefined);
  return readListPage(
    db.select({ total: count() }).from(bids).where(where),
    db
      .select({
        id: bids.id,
        version: bids.version,
        company: vendorProfiles.companyName,
        fullName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        estimated_time: bids.estimatedTime,
        estimated_time_unit: bids.estimatedTimeUnit,
        amount: bids.amount,
        options: bids.options,
        status: bids.status,
        request_id: bids.requestId,
        request_type: mr.type,
        proposed_start_date: bids.proposedStartDate,
        created_at: bids.createdAt,
      })
      .from(bids)
      .innerJoin(mr, eq(mr.id, bids.requestId))
      .innerJoin(users, eq(users.id, bids.vendorId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
      .where(where)
      .orderBy(...orderBy(query.ordering)),
    { page: query.page, pageSize: query.page_size },
    ({ company, fullName, options, ...row }) => ({
      ...row,
      option_amounts: options.map((option) => option.amount),
      vendor_name: company ?? fullName,
      estimated_time: Number(row.estimated_time),
      proposed_start_date: row.proposed_start_date.toISOString(),
      created_at: row.created_at.toISOString(),
    }),
  );
}
