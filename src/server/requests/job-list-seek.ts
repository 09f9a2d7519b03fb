import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { ANCHOR_SPACING, type SortKey } from './job-list-memo.ts';
import { type SeekOrder, seekOrder } from './job-list-order.ts';
import { jobRowColumns } from './job-row-columns.ts';

// The SQL of a jobs page read from an anchor (job-list-memo.ts): the walk that finds the anchors
// and the page after one. Each is a range of one of the lists' indexes, so a page reads its own rows
// and at most ANCHOR_SPACING before them, however deep it is.

/** The first `count` anchors of the list `where` in `order`: one walk of count × ANCHOR_SPACING rows. */
export async function walkAnchors(
  db: DbOrTx,
  where: SQL | undefined,
  order: SeekOrder,
  count: number,
): Promise<SortKey[]> {
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
    .limit(count * ANCHOR_SPACING)
    .as('walk');
  return db
    .select({ rank: walk.rank, createdAt: walk.createdAt, id: walk.id })
    .from(walk)
    .where(sql`${walk.place} % ${ANCHOR_SPACING} = 0`)
    .orderBy(walk.place);
}

/** Rows after `anchor` in time order: a range of the index behind that order. */
function pastInTime(anchor: SortKey, order: 'newest' | 'oldest'): SQL {
  const moment = sql`${anchor.createdAt}::timestamptz`;
  return order === 'newest'
    ? sql`(${mr.createdAt}, ${mr.id}) < (${moment}, ${anchor.id})`
    : sql`(${mr.createdAt}, ${mr.id}) > (${moment}, ${anchor.id})`;
}

export interface SeekWindow {
  anchor: SortKey;
  /** Whose invitations the rows name: see `jobRowColumns`. */
  onlyVendor: number | null;
  /** Rows of the list between the anchor and the page. */
  skip: number;
  limit: number;
  /** The list is filtered to one status, so every row has the anchor's rank. */
  oneRank: boolean;
}

/** A page's rows: its columns, read by `jobRowColumns` for `onlyVendor` (see there). */
export function selectJobRows(db: DbOrTx, where: SQL | undefined, onlyVendor: number | null) {
  return db.select(jobRowColumns(onlyVendor)).from(mr).where(where);
}

export type JobRow = Awaited<ReturnType<typeof selectJobRows>>[number];

/**
 * The page `window` of the list `where`. By status, the rows after the anchor are the rest of its
 * rank (newest first) and then the later ranks: two ranges of the status index, each cut at the rows
 * the page can need, merged in order.
 */
export async function selectAfterAnchor(
  db: DbOrTx,
  where: SQL | undefined,
  order: SeekOrder,
  window: SeekWindow,
): Promise<JobRow[]> {
  const { anchor, skip, limit, onlyVendor } = window;
  if (order !== 'rank')
    return selectJobRows(db, and(where, pastInTime(anchor, order)), onlyVendor)
      .orderBy(...seekOrder(order))
      .limit(limit)
      .offset(skip);
  const restOfRank = and(where, eq(mr.statusRank, anchor.rank), pastInTime(anchor, 'newest'));
  if (window.oneRank)
    return selectJobRows(db, restOfRank, onlyVendor)
      .orderBy(...seekOrder('newest'))
      .limit(limit)
      .offset(skip);
  // The union's order names its columns, so both sides select the rank too; the page drops it.
  const ranked = { ...jobRowColumns(onlyVendor), status_rank: mr.statusRank };
  const rows = await unionAll(
    db
      .select(ranked)
      .from(mr)
      .where(restOfRank)
      .orderBy(...seekOrder('newest'))
      .limit(skip + limit),
    db
      .select(ranked)
      .from(mr)
      .where(and(where, gt(mr.statusRank, anchor.rank)))
      .orderBy(...seekOrder('rank'))
      .limit(skip + limit),
  )
    .orderBy(...seekOrder('rank'))
    .limit(limit)
    .offset(skip);
  return rows.map(({ status_rank: _rank, ...row }) => row);
}
