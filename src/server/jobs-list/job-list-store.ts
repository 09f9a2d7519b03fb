import { and, type SQL, sql } from 'drizzle-orm';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { textArrayLiteral } from '#server/db/array-literal.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import {
  type Prepared,
  reusedStatementsByShape,
  type ShapedStatements,
} from '#server/db/reused-statement.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { vendorSeesRequest } from '#server/request-core/vendor-visibility-sql.ts';
import { isServiceCategory } from '#shared/categories.ts';
import type { JobListQuery } from '#shared/job-list-query.ts';
import type { JobPage } from '#shared/request-responses.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import { ANCHOR_SPACING, type SortKey } from './job-list-memo.ts';
import { jobListOrder, seekOrderOf } from './job-list-order.ts';
import {
  dropRank,
  type JobRow,
  type RankedJobRow,
  selectAcrossRanks,
  selectJobRows,
  selectPastAnchor,
  walkAnchors,
} from './job-list-seek.ts';
import { type JobPageValues, placeholders, type Slot, valuesOf } from './job-page-slots.ts';
import { countAllRequests, countVendorJobs } from './request-counts.ts';
import { countMatching, loadRequestPage, matchesSearch } from './request-list-sql.ts';

// The vendor's jobs list (GET /api/vendor/jobs/) as read from the database.

/**
 * What this process keeps of the page's list (job-list-memo.ts): its count, read by `read` when not
 * kept, and the anchor `index`, found by `walk` when not kept. Absent where nothing kept can be
 * trusted (the caches are off).
 */
export interface KeptList {
  count(read: () => Promise<number>): Promise<number>;
  anchor(index: number, walk: (count: number) => Promise<SortKey[]>): Promise<SortKey | undefined>;
}

/** A query of the page, written once for both ways of running it (see `JobListSql.run`). */
type PageQuery<Result> = (
  db: DbOrTx,
  slot: Slot,
) => PromiseLike<Result> & { prepare(name: string): Prepared<Result> };

const rowStatements = reusedStatementsByShape<JobRow[]>('fieldbid_jobs');
const rankedStatements = reusedStatementsByShape<RankedJobRow[]>('fieldbid_jobs_ranked');
const walkStatements = reusedStatementsByShape<SortKey[]>('fieldbid_jobs_walk');

/**
 * The SQL of one list (one asker, its filters and search): its WHERE, and its statements, each
 * built once per shape with placeholders (building a page's SQL cost the event loop more
 * than sending it), except with a search, whose words make every text its own.
 */
class JobListSql {
  readonly #staff: boolean;
  readonly #hasTrades: boolean;
  readonly #query: JobListQuery;
  readonly #values: JobPageValues;
  /** What the text of every statement of this list depends on; undefined with a search. */
  readonly #shape: string | undefined;

  constructor(
    private readonly db: DbOrTx,
    user: UserRow,
    viewer: VisibilityViewer,
    query: JobListQuery,
  ) {
    const trades = viewer.serviceCategories.filter(isServiceCategory);
    this.#staff = isStaff(user);
    this.#hasTrades = trades.length > 0;
    this.#query = query;
    this.#values = {
      viewerId: viewer.id,
      trades: textArrayLiteral(trades),
      serviceType: query.service_type ?? '',
      status: query.status ?? '',
      onlyVendor: viewer.id,
      limit: 0,
      offset: 0,
      reach: 0,
      anchorRank: 0,
      anchorCreatedAt: '',
      anchorId: 0,
      walkLimit: 0,
    };
    this.#shape = query.search
      ? undefined
      : [
          this.#staff ? 'staff' : this.#hasTrades ? 'trades' : 'vendor',
          query.service_type ? 'type' : '',
          query.status ? 'status' : '',
        ].join(':');
  }

  /** The list's WHERE: what the asker may see (staff see every request), filters and search. */
  where(slot: Slot): SQL | undefined {
    const query = this.#query;
    const inTrades = this.#hasTrades ? sql`${mr.type} = any(${slot('trades')}::text[])` : undefined;
    return and(
      this.#staff ? undefined : vendorSeesRequest(slot('viewerId'), inTrades),
      query.service_type ? sql`${mr.type} = ${slot('serviceType')}` : undefined,
      query.status ? sql`${mr.status} = ${slot('status')}` : undefined,
      matchesSearch(query.search),
    );
  }

  /** Whose invitations the rows name: the vendor's own (`onlyVendor`), or every one for staff. */
  onlyVendor(slot: Slot): Slot | null {
    return this.#staff ? null : slot;
  }

  /** Runs `query` of kind `kind` with `values`: as the shape's statement, or built for this call. */
  run<Result>(
    statements: ShapedStatements<Result>,
    kind: string,
    values: Partial<JobPageValues>,
    query: PageQuery<Result>,
  ): Promise<Result> {
    const all = { ...this.#values, ...values };
    if (this.#shape === undefined) return Promise.resolve(query(this.db, valuesOf(all)));
    return statements(
      this.db,
      `${this.#shape}|${kind}`,
      (db, name) => query(db, placeholders).prepare(name),
      all,
    );
  }

  /** The list's count, row by row (a search reads the rows anyway). */
  countRows(): Promise<number> {
    return countMatching(this.db, this.where(valuesOf(this.#values)))();
  }
}

/** The rows at `offset`: from the anchor before them when the order allows, else by OFFSET. */
async function selectJobs(
  list: JobListSql,
  ordering: JobListQuery['ordering'],
  oneStatus: boolean,
  window: { limit: number; offset: number },
  kept: KeptList | undefined,
): Promise<JobRow[]> {
  const seek = seekOrderOf(ordering);
  const index = Math.floor(window.offset / ANCHOR_SPACING);
  if (seek === undefined || kept === undefined || index === 0)
    return list.run(rowStatements, `offset:${ordering ?? ''}`, window, (db, slot) =>
      selectJobRows(db, list.where(slot), list.onlyVendor(slot))
        .orderBy(...jobListOrder(ordering))
        .limit(slot('limit'))
        .offset(slot('offset')),
    );
  const anchor = await kept.anchor(index, (count) =>
    list.run(walkStatements, `walk:${seek}`, { walkLimit: count * ANCHOR_SPACING }, (db, slot) =>
      walkAnchors(db, list.where(slot), seek, slot),
    ),
  );
  // No anchor that deep: the list has fewer rows than the page starts at.
  if (anchor === undefined) return [];
  const skip = window.offset - index * ANCHOR_SPACING;
  const past = {
    limit: window.limit,
    offset: skip,
    reach: skip + window.limit,
    anchorRank: anchor.rank,
    anchorCreatedAt: anchor.createdAt,
    anchorId: anchor.id,
  };
  if (seek !== 'rank' || oneStatus)
    return list.run(rowStatements, `past:${seek}`, past, (db, slot) =>
      selectPastAnchor(db, list.where(slot), seek, slot, list.onlyVendor(slot)),
    );
  const ranked = await list.run(rankedStatements, 'across', past, (db, slot) =>
    selectAcrossRanks(db, list.where(slot), slot, list.onlyVendor(slot)),
  );
  return dropRank(ranked);
}

/** The page of jobs a vendor (or staff) asked for, read from the database. */
export function loadJobsPage(
  db: DbOrTx,
  user: UserRow,
  viewer: VisibilityViewer,
  query: JobListQuery,
  kept?: KeptList,
): Promise<JobPage> {
  const categories = viewer.serviceCategories.filter(isServiceCategory);
  const list = new JobListSql(db, user, viewer, query);
  const filters = { status: query.status, serviceType: query.service_type };
  const countRows = query.search
    ? () => list.countRows()
    : isStaff(user)
      ? () => countAllRequests(db, filters)
      : () => countVendorJobs(db, { id: viewer.id, categories }, filters);
  return loadRequestPage(
    kept ? () => kept.count(countRows) : countRows,
    query,
    (window) => selectJobs(list, query.ordering, query.status !== undefined, window, kept),
    async (rows) =>
      rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        deadline: row.deadline?.toISOString() ?? null,
      })),
  );
}
