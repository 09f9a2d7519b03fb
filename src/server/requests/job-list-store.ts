import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isServiceCategory } from '#shared/categories.ts';
import type { JobListQuery } from '#shared/job-list-query.ts';
import type { JobOrderingField } from '#shared/list-fields.ts';
import type { JobPage } from '#shared/request-responses.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import { isStaff } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { maintenanceRequests as mr, requestInvitations } from '../db/schema/requests.ts';
import { countAllRequests, countVendorJobs } from './request-counts.ts';
import { countMatching, loadRequestPage, matchesSearch } from './request-list-sql.ts';
import { vendorSeesRequest } from './vendor-visibility-sql.ts';

// The vendor's jobs list (GET /api/vendor/jobs/) as read from the database.

const orderColumns: Record<JobOrderingField, AnyColumn | SQL> = {
  status: mr.statusRank,
  service_type: mr.type,
  deadline: mr.bidDeadline,
  created_at: mr.createdAt,
};

/** The visibility rule for a vendor's list (staff see every request): its trades as a list. */
function visibleTo(viewer: VisibilityViewer): SQL | undefined {
  if (viewer.isStaff || viewer.isSuperuser) return undefined;
  const categories = viewer.serviceCategories.filter(isServiceCategory);
  return vendorSeesRequest(viewer.id, categories.length > 0 ? inArray(mr.type, categories) : undefined);
}

function orderBy(ordering: string | undefined): SQL[] {
  if (!ordering) return [asc(mr.statusRank), desc(mr.createdAt), desc(mr.id)];
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '') as JobOrderingField;
  const column = orderColumns[field];
  if (field === 'created_at')
    return descending ? [desc(mr.createdAt), desc(mr.id)] : [asc(mr.createdAt), asc(mr.id)];
  // Ties (and empty deadlines, which sort last either way) fall back to newest first. Only the
  // deadline can be empty: the other columns keep their plain order, which their indexes serve.
  const nullsLast = field === 'deadline' ? sql` nulls last` : sql``;
  const primary = descending ? sql`${column} desc${nullsLast}` : sql`${column} asc${nullsLast}`;
  return [primary, desc(mr.createdAt), desc(mr.id)];
}

/** The page of jobs a vendor (or staff) asked for, read from the database. */
export function loadJobsPage(
  db: DbOrTx,
  user: UserRow,
  viewer: VisibilityViewer,
  query: JobListQuery,
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
    countRows,
    query,
    ({ limit, offset }) =>
      db
        .select({
          id: mr.id,
          created_at: mr.createdAt,
          service_type: mr.type,
          description: mr.description,
          status: mr.status,
          deadline: mr.bidDeadline,
          areas_affected: mr.areasAffected,
          timeframe: mr.timeframe,
        })
        .from(mr)
        .where(where)
        .orderBy(...orderBy(query.ordering))
        .limit(limit)
        .offset(offset),
    async (rows) => {
      const invitations = await db
        .select({ requestId: requestInvitations.requestId, vendorId: requestInvitations.vendorId })
        .from(requestInvitations)
        .where(
          inArray(
            requestInvitations.requestId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(requestInvitations.vendorId));
      // A vendor learns only whether it was invited itself, never which competitors were.
      const shown = isStaff(user) ? invitations : invitations.filter((i) => i.vendorId === viewer.id);
      return rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        deadline: row.deadline?.toISOString() ?? null,
        invited_vendors: shown.filter((i) => i.requestId === row.id).map((i) => i.vendorId),
      }));
    },
  );
}
