import { type AnyColumn, and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { countAllRequests, countClientRequests } from '#server/jobs-list/request-counts.ts';
import { countMatching, loadRequestPage, matchesSearch } from '#server/jobs-list/request-list-sql.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import type { ManagerOrderingField, ManagerRequestQuery } from '#shared/manager-request-query.ts';
import type { ManagerRequestPage } from '#shared/manager-responses.ts';
import { PRIORITIES } from '#shared/statuses.ts';
import { type ManagerScope, requestsInScope } from './manager-scope.ts';

// The manager's Maintenance Requests list (GET /api/property-manager/maintenance-requests/) as read
// from the database.

/** `case <column> when 'low' then 0 ... end`: our own constants in the order the list sorts by. */
function rank(column: AnyColumn, order: readonly string[]): SQL {
  return sql`case ${column} ${sql.join(
    order.map((value, index) => sql`when ${value} then ${sql.raw(String(index))}`),
    sql` `,
  )} end`;
}

const orderColumns: Record<ManagerOrderingField, AnyColumn | SQL> = {
  status: mr.statusRank,
  // low < medium < high < urgent, so '-priority' puts urgent first.
  priority: rank(mr.priority, PRIORITIES),
  type: mr.type,
  service_type: mr.type,
  created: mr.createdAt,
  created_at: mr.createdAt,
};

/** The request's live bids: every bid but a withdrawn one (one aggregate on the bids' (request, vendor) index). */
const liveBidCount = sql<number>`(select count(*)::int from ${bids} where ${bids.requestId} = ${mr.id} and ${bids.status} <> 'withdrawn')`;

/**
 * The vendors on the listed requests: those invited, and those with a live bid (a request open to
 * all gets its bids from vendors nobody invited). A vendor both invited and bidding is one row.
 */
function requestVendors(db: DbOrTx, requestIds: number[]) {
  const involved = db
    .select({ requestId: requestInvitations.requestId, vendorId: requestInvitations.vendorId })
    .from(requestInvitations)
    .where(inArray(requestInvitations.requestId, requestIds))
    .union(
      db
        .select({ requestId: bids.requestId, vendorId: bids.vendorId })
        .from(bids)
        .where(and(inArray(bids.requestId, requestIds), ne(bids.status, 'withdrawn'))),
    )
    .as('involved');
  return db
    .select({ requestId: involved.requestId, id: involved.vendorId, name: vendorNameSql })
    .from(involved)
    .innerJoin(users, eq(users.id, involved.vendorId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, involved.vendorId))
    .orderBy(asc(vendorNameSql), asc(involved.vendorId));
}

function orderBy(ordering: string | undefined): SQL[] {
  const newestFirst = [desc(mr.createdAt), desc(mr.id)];
  if (!ordering) return newestFirst;
  const column = orderColumns[ordering.replace(/^-/, '') as ManagerOrderingField];
  // Ties fall back to newest first (docs/decisions/requests-and-jobs.md, jobs ordering).
  return [ordering.startsWith('-') ? desc(column) : asc(column), ...newestFirst];
}

/** By the counters (request-counts.ts) where they can answer, else row by row. */
function countManagerRequests(
  db: DbOrTx,
  scope: ManagerScope,
  query: ManagerRequestQuery,
  where: SQL | undefined,
): () => Promise<number> {
  if (query.search) return countMatching(db, where);
  const filters = {
    status: query.status,
    serviceType: query.service_type,
    priority: query.priority,
    projectId: query.property,
  };
  if (scope.all) {
    return filters.priority || filters.projectId !== undefined
      ? countMatching(db, where)
      : () => countAllRequests(db, filters);
  }
  const clientId = scope.clientId;
  return clientId === null ? async () => 0 : () => countClientRequests(db, clientId, filters);
}

/** The page of requests the scope asked for, read from the database. */
export function loadManagerPage(
  db: DbOrTx,
  scope: ManagerScope,
  query: ManagerRequestQuery,
): Promise<ManagerRequestPage> {
  const where = and(
    requestsInScope(db, scope),
    query.status ? eq(mr.status, query.status) : undefined,
    query.service_type ? eq(mr.type, query.service_type) : undefined,
    query.property ? eq(mr.projectId, query.property) : undefined,
    query.priority ? eq(mr.priority, query.priority) : undefined,
    matchesSearch(query.search),
  );
  return loadRequestPage(
    countManagerRequests(db, scope, query, where),
    query,
    ({ limit, offset }) =>
      db
        .select({
          id: mr.id,
          created_at: mr.createdAt,
          service_type: mr.type,
          description: mr.description,
          property: projects.name,
          property_id: mr.projectId,
          unit: units.number,
          status: mr.status,
          priority: mr.priority,
          areas_affected: mr.areasAffected,
          bid_count: liveBidCount,
        })
        .from(mr)
        .leftJoin(projects, eq(projects.id, mr.projectId))
        .leftJoin(units, eq(units.id, mr.unitId))
        .where(where)
        .orderBy(...orderBy(query.ordering))
        .limit(limit)
        .offset(offset),
    async (rows) => {
      const involved = await requestVendors(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        vendors: involved.filter((v) => v.requestId === row.id).map(({ id, name }) => ({ id, name })),
      }));
    },
  );
}
