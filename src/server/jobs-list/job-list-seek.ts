import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { ANCHOR_SPACING } from './job-list-memo.ts';
import { type SeekOrder, seekOrder } from './job-list-order.ts';
import type { Slot } from './job-page-slots.ts';
import { jobRowColumns } from './job-row-columns.ts';

// The SQL of a jobs page read from an anchor (job-list-memo.ts): the walk that finds the anchors
// and the page after one. Each is a range of one of the lists' indexes, so a page reads its own rows
// and at most ANCHOR_SPACING before them, however deep it is.

/**
 * The list's anchors up to the `walkLimit`th row: one walk of that many rows, every
 * ANCHOR_SPACING-th row's sort key.
 */
export function walkAnchors(db: DbOrTx, where: SQL | undefined, order: SeekOrder, slot: Slot) {
  const walk = db
    .select({
      rank: mr.statusRank,
      createdAt: sql<string>`${mr.createdAt}::text`.as('created_text'),
      id: mr.id,
      place: sql<number>`row_number() over (order by ${sql.join(seekOrder(order), sql`, `)})`.as('place'),
    })
    .from(mr)
    .where(where)
    .orderBy(...seekOrder(order))
    .limit(slot('walkLimit'))
    .as('walk');
  return db
    .select({ rank: walk.rank, createdAt: walk.createdAt, id: walk.id })
    .from(walk)
    .where(sql`${walk.place} % ${ANCHOR_SPACING} = 0`)
    .orderBy(walk.place);
}

/** Rows after the anchor in time order: a range of the index behind that order. */
function pastInTime(slot: Slot, order: 'newest' | 'oldest'): SQL {
  const moment = sql`${slot('anchorCreatedAt')}::timestamptz`;
  return order === 'newest'
    ? sql`(${mr.createdAt}, ${mr.id}) < (${moment}, ${slot('anchorId')})`
    : sql`(${mr.createdAt}, ${mr.id}) > (${moment}, ${slot('anchorId')})`;
}

/**
 * A page's rows: its columns, read by `jobRowColumns` for the vendor in `onlyVendor` (see there),
 * or for staff when `onlyVendor` is null.
 */
export function selectJobRows(db: DbOrTx, where: SQL | undefined, onlyVendor: Slot | null) {
  return db
    .select(jobRowColumns(onlyVendor?.('onlyVendor')))
    .from(mr)
    .where(where);
}

export type JobRow = Awaited<ReturnType<typeof selectJobRows>>[number];

/**
 * Newest or oldest first, the page `limit` rows after `offset` rows past the anchor (the `offset`
 * counts from the anchor here); by status with one status filtered, the rest of the anchor's rank.
 */
export function selectPastAnchor(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'newest' | 'oldest' | 'rank',
  slot: Slot,
  onlyVendor: Slot | null,
) {
  const past =
    order === 'rank'
      ? and(where, eq(mr.statusRank, slot('anchorRank')), pastInTime(slot, 'newest'))
      : and(where, pastInTime(slot, order));
  return selectJobRows(db, past, onlyVendor)
    .orderBy(...seekOrder(order === 'rank' ? 'newest' : order))
    .limit(slot('limit'))
    .offset(slot('offset'));
}

/**
 * By status (every status), the page after the anchor: the rest of its rank (newest first) and
 * then the later ranks, two ranges of the status index, each cut at the rows the page can need,
 * merged in order. The rows carry their rank (the union's order names its columns): see `dropRank`.
 */
export function selectAcrossRanks(db: DbOrTx, where: SQL | undefined, slot: Slot, onlyVendor: Slot | null) {
  const ranked = { ...jobRowColumns(onlyVendor?.('onlyVendor')), status_rank: mr.statusRank };
  const restOfRank = and(where, eq(mr.statusRank, slot('anchorRank')), pastInTime(slot, 'newest'));
  return unionAll(
    db
      .select(ranked)
      .from(mr)
      .where(restOfRank)
      .orderBy(...seekOrder('newest'))
      .limit(slot('reach')),
    db
      .select(ranked)
      .from(mr)
      .where(and(where, gt(mr.statusRank, slot('anchorRank'))))
      .orderBy(...seekOrder('rank'))
      .limit(slot('reach')),
  )
    .orderBy(...seekOrder('rank'))
    .limit(slot('limit'))
    .offset(slot('offset'));
}

export type RankedJobRow = Awaited<ReturnType<typeof selectAcrossRanks>>[number];

/** A union's rows without the rank it sorted by. */
export function dropRank(rows: RankedJobRow[]): JobRow[] {
  return rows.map(({ status_rank: _rank, ...row }) => row);
}
