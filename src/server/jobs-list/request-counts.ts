import { type SQL, sql } from 'drizzle-orm';
import { textArrayLiteral } from '#server/db/array-literal.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { queryRows } from '#server/db/query-rows.ts';

/**
 * The request lists' `count` without scanning the requests (counting a vendor's visible
 * set read every row of a 100,000-request table on each page). Two small tables hold how many
 * requests there are per key, kept exact by statement-level triggers on maintenance_requests
 * (migration 0008), so a count is a sum over a few hundred counter rows:
 * - request_counts_by_type (type, status, invite_all): the vendor's jobs list;
 * - request_counts_by_project (project_id, type, status, priority): the manager's list.
 * A list with a search falls back to counting the matching rows (a search reads them anyway).
 */
export interface CountFilters {
  status?: string | undefined;
  serviceType?: string | undefined;
}

function filterSql(filters: CountFilters): SQL {
  return sql`${filters.status ? sql` and status = ${filters.status}` : sql``}${
    filters.serviceType ? sql` and type = ${filters.serviceType}` : sql``
  }`;
}

async function single(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(db, query);
  return Number(row?.total ?? 0);
}

/** Every request (staff), by the counters. */
export function countAllRequests(db: DbOrTx, filters: CountFilters): Promise<number> {
  return single(
    db,
    sql`select coalesce(sum(n), 0) as total from request_counts_by_type where true${filterSql(filters)}`,
  );
}

/**
 * A vendor's visible requests: its trades and open-to-all by the counters, less those still held for
 * their managers (a vendor's reports not yet opened to vendors: a handful, through their partial
 * index), plus the few it sees otherwise (invited to, or reported itself) outside those, counted row
 * by row through their indexes.
 */
export async function countVendorJobs(
  db: DbOrTx,
  vendor: { id: number; categories: readonly string[] },
  filters: CountFilters,
): Promise<number> {
  const categories = sql`${textArrayLiteral(vendor.categories)}::text[]`;
  const reached = sql`(invite_all or type = any(${categories}))`;
  const byCounters = single(
    db,
    sql`select coalesce(sum(n), 0) as total from request_counts_by_type
        where ${reached}${filterSql(filters)}`,
  );
  const held = single(
    db,
    sql`select count(*) as total from maintenance_requests
        where opened_to_vendors_at is null and ${reached}${filterSql(filters)}`,
  );
  const others = single(
    db,
    sql`select count(*) as total from maintenance_requests
        where id in (
          select request_id from request_invitations where vendor_id = ${vendor.id}
          union select id from maintenance_requests where created_by_id = ${vendor.id}
        )
        and not (opened_to_vendors_at is not null and ${reached})${filterSql(filters)}`,
  );
  const [counted, notYet, rest] = await Promise.all([byCounters, held, others]);
  return counted - notYet + rest;
}

/** The requests on a client's properties, by the per-property counters. */
export function countClientRequests(
  db: DbOrTx,
  clientId: number,
  filters: CountFilters & { priority?: string | undefined; projectId?: number | undefined },
): Promise<number> {
  return single(
    db,
    sql`select coalesce(sum(c.n), 0) as total from request_counts_by_project c
        join projects p on p.id = c.project_id
        where p.client_id = ${clientId}${filterSql(filters)}${
          filters.priority ? sql` and c.priority = ${filters.priority}` : sql``
        }${filters.projectId !== undefined ? sql` and c.project_id = ${filters.projectId}` : sql``}`,
  );
}
