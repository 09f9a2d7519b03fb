import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { forbidden } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import type { KeyClaim } from '#server/idempotency/key-claim.ts';
import { BID_NOT_FOUND, bidBody } from '#server/request-core/bid-access.ts';
import { duplicateBidErrorSchema, errorBodySchema } from '#shared/api-errors.ts';
import { bidBodySchema } from '#shared/bid-responses.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { createBidService } from './bid-service.ts';
import type { BidRow } from './bid-store.ts';

/** Bids are a vendor's own: staff, who may see everything, still do not bid (docs/decisions/requests-and-jobs.md). */
function requireVendor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

/** A 409 of a bid write: DUPLICATE_BID names the bid already there, the others are plain errors. */
const conflictSchema = z.union([duplicateBidErrorSchema, errorBodySchema]);

/**
 * POST/PUT /api/requests/{id}/bid/ and POST /api/bids/{id}/withdraw/ (signed-in spec, sections 2
 * and 7): HTTP over the bid service (bid-service.ts), which holds the rule and the writes.
 */
export async function bidWriteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const vendorsFirst = checkFirst(requireVendor);
  const bids = createBidService(app.db, app.log);

  // Both writes take an Idempotency-Key (the offline outbox replays them): every check runs inside
  // the write, so a replay answers the first answer even after the request has changed since. The
  // body is validated by its schema but refused only after the request's own checks (404 → 403 →
  // 400, docs/decisions/requests-and-jobs.md "bid checks order"): attachValidation, and an invalid
  // body goes straight to the full checks.
  const requestNotFound = { notFound: { detail: 'Request not found.' } };
  const placeSchema = {
    summary: 'Bid on a request (replayable with an Idempotency-Key)',
    params: idParamsSchema,
    body: bidInputSchema,
    response: { ...errorResponses, 201: bidBodySchema, 409: conflictSchema },
  };
  api.post(
    '/api/requests/:id/bid/',
    { schema: placeSchema, config: requestNotFound, preValidation: vendorsFirst, attachValidation: true },
    async (request, reply) => {
      const user = requireVendor(request);
      const placed = (bid: BidRow) => ({ status: 201, body: bidBody(bid) });
      const readInput = () => {
        requireValidBody(request);
        return request.body;
      };
      const write = async (db: Db) => {
        requireValidParams(request);
        const now = new Date();
        if (!request.validationError) {
          const bid = await bids.placeFast(db, user, request.params.id, request.body, now);
          if (bid) return placed(bid);
        }
        return db.transaction(async (tx) =>
          placed(await bids.placeChecked(tx, user, request.params.id, readInput, now)),
        );
      };
      // With a key (the outbox's every bid), a bid that passes every check claims the key in its own
      // statement, its answer kept with it; anything else is answered by the key's transaction.
      const claimingWrite = async (claim: KeyClaim) => {
        requireValidParams(request);
        if (request.validationError) return null;
        const bid = await bids.placeFast(app.db, user, request.params.id, request.body, new Date(), claim);
        return bid === undefined ? null : placed(bid);
      };
      return idempotentWrite(request, reply, write, { atomic: true, claimingWrite });
    },
  );

  const editSchema = {
    summary: "Change the vendor's pending bid on a request (replayable with an Idempotency-Key)",
    params: idParamsSchema,
    body: bidInputSchema,
    response: { ...errorResponses, 200: bidBodySchema },
  };
  api.put(
    '/api/requests/:id/bid/',
    { schema: editSchema, config: requestNotFound, preValidation: vendorsFirst, attachValidation: true },
    async (request, reply) => {
      const user = requireVendor(request);
      const readInput = () => {
        requireValidBody(request);
        return request.body;
      };
      return idempotentWrite(request, reply, async (tx) => {
        requireValidParams(request);
        const updated = await bids.edit(tx, user, request.params.id, readInput, new Date());
        return { status: 200, body: bidBody(updated) };
      });
    },
  );

  const withdrawSchema = {
    summary: "Withdraw the vendor's pending bid",
    params: idParamsSchema,
    response: { ...errorResponses, 200: bidBodySchema },
  };
  api.post(
    '/api/bids/:id/withdraw/',
    { schema: withdrawSchema, config: { notFound: { detail: BID_NOT_FOUND } }, preValidation: vendorsFirst },
    async (request) => {
      const user = requireVendor(request);
      return app.db.transaction(async (tx) => bidBody(await bids.withdraw(tx, user, request.params.id)));
    },
  );
}
