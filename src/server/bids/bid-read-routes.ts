import { type AnyColumn, and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BidOrderingField, type MyBidsQuery, myBidsQuerySchema } from '#shared/bid-schemas.ts';
import { managesRequest } from '#shared/request-visibility.ts';
import { requireUser } from '../auth/guards.ts';
import { cacheTag } from '../cache/cache-changes.ts';
import { sendCached } from '../cache/cached-answer.ts';
import { ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/database.ts';
import { bids } from '../db/schema/bids.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { forbidden, notFound, parseInput } from '../http/http-error.ts';
import { loadViewer } from '../requests/request-viewer.ts';
import { BID_NOT_FOUND, bidBody, loadBidTarget } from './bid-access.ts';

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

/** GET /api/bids/{id}/ and the vendor's My Bids list GET /api/vendor/bids/ (signed-in spec, sections 2 and 7). */
export async function bidReadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/bids/:id/', async (request) => {
    const user = requireUser(request);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(BID_NOT_FOUND);
    const [bid] = await app.db
      .select()
      .from(bids)
      .where(eq(bids.id, Number(request.params.id)));
    if (!bid) throw notFound(BID_NOT_FOUND);
    if (bid.vendorId !== user.id) {
      // Anyone else but the request's managing side (its reporter too) is told it does not exist.
      const target = await loadBidTarget(app.db, String(bid.requestId));
      if (!managesRequest(await loadViewer(app.db, user), target.visible)) throw notFound(BID_NOT_FOUND);
    }
    return bidBody(bid);
  });

  // My Bids pages, kept per vendor and query while its bids, its name and the listed requests stand.
  const pages = new ReadCache(app.changeFeed.versions);
  app.get('/api/vendor/bids/', async (request, reply) => {
    const user = requireUser(request);
    if (user.type !== 'vendor') throw forbidden();
    const query = parseInput(myBidsQuerySchema, request.query);
    const key = JSON.stringify([
      user.id,
      query.status ?? null,
      query.ordering ?? null,
      query.page,
      query.page_size,
    ]);
    return sendCached(request, reply, pages, key, async () => {
      const body = await loadMyBids(app.db, user.id, query);
      const requests = new Set(body.results.map((row) => row.request_id));
      return {
        body,
        tags: [
          cacheTag.vendorBids(user.id),
          // vendor_name
          cacheTag.user(user.id),
          // request_type
          ...[...requests].map(cacheTag.request),
        ],
      };
    });
  });
}

async function loadMyBids(db: Db, vendorId: number, query: MyBidsQuery) {
  const where = and(eq(bids.vendorId, vendorId), query.status ? eq(bids.status, query.status) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(bids).where(where);
  const rows = await db
    .select({
      id: bids.id,
      company: vendorProfiles.companyName,
      fullName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      estimated_time: bids.estimatedTime,
      estimated_time_unit: bids.estimatedTimeUnit,
      amount: bids.amount,
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
    .orderBy(...orderBy(query.ordering))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    results: rows.map(({ company, fullName, ...row }) => ({
      ...row,
      vendor_name: company ?? fullName,
      estimated_time: Number(row.estimated_time),
    })),
    count: total,
    total_pages: Math.max(1, Math.ceil(total / query.page_size)),
    current_page: query.page,
  };
}
