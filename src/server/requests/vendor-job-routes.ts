import { type AnyColumn, and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isServiceCategory } from '#shared/categories.ts';
import { type JobOrderingField, jobListQuerySchema } from '#shared/job-list-query.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import { isStaff, requireUserType } from '../auth/guards.ts';
import { maintenanceRequests as mr, requestInvitations } from '../db/schema/requests.ts';
import { parseInput } from '../http/http-error.ts';
import { loadRequestPage, matchesSearch, statusRank } from './request-list-sql.ts';
import { loadViewer } from './request-viewer.ts';

const orderColumns: Record<JobOrderingField, AnyColumn | SQL> = {
  status: statusRank,
  service_type: mr.type,
  deadline: mr.bidDeadline,
  created_at: mr.createdAt,
};

/** The SQL form of the visibility rule (src/shared/request-visibility.ts) for a vendor's list. */
function visibleTo(viewer: VisibilityViewer): SQL | undefined {
  if (viewer.isStaff || viewer.isSuperuser) return undefined;
  const invited = sql`exists (select 1 from ${requestInvitations} where ${requestInvitations.requestId} = ${mr.id} and ${requestInvitations.vendorId} = ${viewer.id})`;
  const conditions: SQL[] = [eq(mr.inviteAll, true), eq(mr.createdById, viewer.id), invited];
  const categories = viewer.serviceCategories.filter(isServiceCategory);
  if (categories.length > 0) conditions.push(inArray(mr.type, categories));
  return or(...conditions);
}

function orderBy(ordering: string | undefined): SQL[] {
  if (!ordering) return [asc(statusRank), desc(mr.createdAt), desc(mr.id)];
  const descending = ordering.startsWith('-');
  const column = orderColumns[ordering.replace(/^-/, '') as JobOrderingField];
  // Ties (and empty deadlines, which sort last either way) fall back to newest first.
  const primary = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return [primary, desc(mr.createdAt), desc(mr.id)];
}

/** GET /api/vendor/jobs/: the jobs a vendor may see, filtered, sorted and paged (signed-in spec, section 7). */
export async function vendorJobRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/vendor/jobs/', async (request) => {
    const user = requireUserType(request, 'vendor');
    const query = parseInput(jobListQuerySchema, request.query);
    const viewer = await loadViewer(app.db, user);
    const where = and(
      isStaff(user) ? undefined : visibleTo(viewer),
      query.service_type ? eq(mr.type, query.service_type) : undefined,
      query.status ? eq(mr.status, query.status) : undefined,
      matchesSearch(query.search),
    );
    return loadRequestPage(
      app.db,
      where,
      query,
      ({ limit, offset }) =>
        app.db
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
        const invitations = await app.db
          .select({ requestId: requestInvitations.requestId, vendorId: requestInvitations.vendorId })
          .from(requestInvitations)
          .where(
            inArray(
              requestInvitations.requestId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(requestInvitations.vendorId));
        return rows.map((row) => ({
          ...row,
          invited_vendors: invitations.filter((i) => i.requestId === row.id).map((i) => i.vendorId),
        }));
      },
    );
  });
}
