import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { type CachedJson, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { readDep } from '#server/cache/read-deps.ts';
import { forbidden, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { BID_NOT_FOUND, bidBody, loadBidTarget } from '#server/request-core/bid-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { bidBodySchema, bidHistorySchema, myBidPageSchema } from '#shared/bid-responses.ts';
import { myBidsQuerySchema } from '#shared/bid-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { managesRequest } from '#shared/request-visibility.ts';
import { listBidRevisions } from './bid-revision-store.ts';
import { type BidRow, findBid, listVendorBids } from './bid-store.ts';

function requireVendor(request: Parameters<typeof requireUser>[0]) {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

/**
 * A bid for its vendor and the managing side of its request; anyone else, the vendor that reported
 * the request too, is told it does not exist (404).
 */
async function readableBid(app: FastifyInstance, user: UserRow, id: number): Promise<BidRow> {
  const bid = await findBid(app.db, id);
  if (!bid) throw notFound(BID_NOT_FOUND);
  if (bid.vendorId !== user.id) {
    const target = await loadBidTarget(app.db, bid.requestId);
    if (!managesRequest(await loadViewer(app.db, user), target.visible)) throw notFound(BID_NOT_FOUND);
  }
  return bid;
}

/**
 * GET /api/bids/{id}/, its history GET /api/bids/{id}/history/ and the vendor's My Bids list
 * GET /api/vendor/bids/ (signed-in spec, sections 2 and 7).
 */
export async function bidReadRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const bidSchema = {
    summary: 'A bid: for its vendor and the managing side of its request',
    params: idParamsSchema,
    response: { ...errorResponses, 200: bidBodySchema },
  };
  const bidOptions = {
    schema: bidSchema,
    preValidation: checkFirst(requireUser),
    config: { notFound: { detail: BID_NOT_FOUND } },
  };
  api.get('/api/bids/:id/', bidOptions, async (request) =>
    bidBody(await readableBid(app, requireUser(request), request.params.id)),
  );

  // What the vendor changed since placing the bid: every version of its terms (migration 0023), for
  // the same readers as the bid, so the manager sees what an award would pay and what it was before.
  const historySchema = {
    summary: "A bid's history: every version of its terms, oldest first",
    params: idParamsSchema,
    response: { ...errorResponses, 200: bidHistorySchema },
  };
  const historyOptions = { ...bidOptions, schema: historySchema };
  api.get('/api/bids/:id/history/', historyOptions, async (request) => {
    const bid = await readableBid(app, requireUser(request), request.params.id);
    const revisions = await listBidRevisions(app.db, bid.id);
    // The newest revision is the bid as it is now, even if it changed since the bid was read.
    return { bid_id: bid.id, version: revisions.at(-1)?.version ?? bid.version, revisions };
  });

  // My Bids pages, kept per vendor and query while its bids, its name and the listed requests stand.
  const pages = new CachedRead<CachedJson>('my bids page', app.changeFeed.versions);
  const myBidsSchema = {
    summary: "The vendor's own bids (My Bids), filtered, sorted and paged",
    querystring: myBidsQuerySchema,
    response: { ...errorResponses, 200: myBidPageSchema },
  };
  const myBidsOptions = { schema: myBidsSchema, preValidation: checkFirst(requireVendor) };
  api.get('/api/vendor/bids/', myBidsOptions, async (request, reply) => {
    const user = requireVendor(request);
    const query = request.query;
    const key = {
      asker: user,
      query: [query.status ?? null, query.ordering ?? null, query.page, query.page_size],
    };
    return sendCached(request, reply, pages, key, async () => {
      const body = await listVendorBids(app.db, user.id, query);
      const requests = new Set(body.results.map((row) => row.request_id));
      return {
        body,
        deps: [
          readDep.vendorBids(user.id),
          // vendor_name
          readDep.user(user.id),
          // request_type
          ...[...requests].map(readDep.request),
        ],
      };
    });
  });
}
