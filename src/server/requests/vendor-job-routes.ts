import { type AnyColumn, and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isServiceCategory } from '#shared/categories.ts';
import { type JobOrderingField, jobListQuerySchema } from '#shared/job-list-query.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import { REQUEST_STATUS_SORT_ORDER } from '#shared/statuses.ts';
import { isStaff, requireUserType } from '../auth/guards.ts';
import { maintenanceRequests as mr, requestInvitations } from '../db/schema/requests.ts';
import { parseInput } from '../http/http-error.ts';
import { loadViewer } from './request-viewer.ts';

/** Open 0, In Progress 1, Completed 2, Cancelled 3 (signed-in spec, section 9). */
const statusRank = sql`case ${mr.status} ${sql.join(
  Object.entries(REQUEST_STATUS_SORT_ORDER).map(
    ([status, rank]) => sql`when ${status} then ${sql.raw(String(rank))}`,
  ),
  sql` `,
)} end`;

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

/**
 * Every word of the search must appear in the description, the areas affected or the type (any case),
 * so "kitchen leak" finds the leaking kitchen sink. LIKE's wildcards in the text are taken literally.
 */
function matchesSearch(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const haystack = sql`(${mr.description} || ' ' || ${mr.areasAffected}::text || ' ' || ${mr.type})`;
  return and(
    ...words.map((word) => sql`${haystack} ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
  );
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
    const [{ total } = { total: 0 }] = await app.db.select({ total: count() }).from(mr).where(where);
    const rows = await app.db
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
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const invitations =
      rows.length === 0
        ? []
        : await app.db
            .select({ requestId: requestInvitations.requestId, vendorId: requestInvitations.vendorId })
            .from(requestInvitations)
            .where(
              inArray(
                requestInvitations.requestId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(requestInvitations.vendorId));
    const results = rows.map((row) => ({
      ...row,
      invited_vendors: invitations.filter((i) => i.requestId === row.id).map((i) => i.vendorId),
    }));
    return {
      results,
      count: total,
      // An empty list is still one (empty) page; a page past the end answers empty results, not 404.
      total_pages: Math.max(1, Math.ceil(total / query.page_size)),
      current_page: query.page,
    };
  });
}
