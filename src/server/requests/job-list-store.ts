import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { isServiceCategory } from '#shared/categories.ts';
import type { JobListQuery } from '#shared/job-list-query.ts';
import type { JobPage } from '#shared/request-responses.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import { isStaff } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { ANCHOR_SPACING, type SortKey } from './job-list-memo.ts';
import { jobListOrder, seekOrderOf } from './job-list-order.ts';
import { type JobRow, selectAfterAnchor, selectJobRows, walkAnchors } from './job-list-seek.ts';
import { countAllRequests, countVendorJobs } from './request-counts.ts';
import { countMatching, loadRequestPage, matchesSearch } from './request-list-sql.ts';
import { vendorSeesRequest } from './vendor-visibility-sql.ts';

// The vendor's jobs list (GET /api/vendor/jobs/) as read from the database.

/** The visibility rule for a vendor's list (staff see every request): its trades as a list. */
function visibleTo(viewer: VisibilityViewer): SQL | undefined {
  if (viewer.isStaff || viewer.isSuperuser) return undefined;
  const categories = viewer.serviceCategories.filter(isServiceCategory);
  return vendorSeesRequest(viewer.id, categories.length > 0 ? inArray(mr.type, categories) : undefined);
}

/**
 * What this process keeps of the page's list (job-list-memo.ts): its count, read by `read` when not
 * kept, and the anchor `index`, found by `walk` when not kept. Absent where nothing kept can be
 * trusted (the caches are off).
 */
export interface KeptList {
  count(read: () => Promise<number>): Promise<number>;
  anchor(index: number, walk: (count: number) => Promise<SortKey[]>): Promise<SortKey | undefined>;
}

/** The rows at `offset`: from the anchor before them when the order allows, else by OFFSET. */
async function selectJobs(
  db: DbOrTx,
  where: SQL | undefined,
  query: JobListQuery,
  window: { limit: number; offset: number; onlyVendor: number | null },
  kept: KeptList | undefined,
): Promise<JobRow[]> {
  const seek = seekOrderOf(query.ordering);
  const index = Math.floor(window.offset / ANCHOR_SPACING);
  if (seek === undefined || kept === undefined || index === 0)
    return selectJobRows(db, where, window.onlyVendor)
      .orderBy(...jobListOrder(query.ordering))
      .limit(window.limit)
      .offset(window.offset);
  const anchor = await kept.anchor(index, (count) => walkAnchors(db, where, seek, count));
  // No anchor that deep: the list has fewer rows than the page starts at.
  if (anchor === undefined) return [];
  return selectAfterAnchor(db, where, seek, {
    anchor,
    onlyVendor: window.onlyVendor,
    skip: window.offset - index * ANCHOR_SPACING,
    limit: window.limit,
    oneRank: query.status !== undefined,
  });
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
  const where = and(
    isStaff(user) ? undefined : visibleTo(viewer),
    query.service_type ? eq(mr.type, query.service_type) : undefined,
    query.status ? eq(mr.status, query.status) : undefined,
    matchesSearch(query.search),
  );
  const filters = { status: query.status, serviceType: query.service_type };
  const countRows = query.search
    ? countMatching(db, where)
    : isStaff(user)
      ? () => countAllRequests(db, filters)
      : () => countVendorJobs(db, { id: viewer.id, categories }, filters);
  return loadRequestPage(
    kept ? () => kept.count(countRows) : countRows,
    query,
    (window) =>
      selectJobs(db, where, query, { ...window, onlyVendor: isStaff(user) ? null : viewer.id }, kept),
    async (rows) =>
      rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        deadline: row.deadline?.toISOString() ?? null,
      })),
  );
}
