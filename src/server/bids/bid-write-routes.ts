import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, duplicateBidErrorSchema, ERROR_MESSAGES, errorBodySchema } from '#shared/api-errors.ts';
import { bidBodySchema } from '#shared/bid-responses.ts';
import { type BidInput, bidInputSchema } from '#shared/bid-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { requireUser } from '../auth/guards.ts';
import { checkFirst } from '../auth/route-guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { requireValidBody, requireValidParams } from '../http/deferred-input.ts';
import { forbidden, HttpError, notFound } from '../http/http-error.ts';
import { errorResponses } from '../http/route-schemas.ts';
import { idempotentWrite } from '../idempotency/idempotent-write.ts';
import type { KeyClaim } from '../idempotency/key-claim.ts';
import { BID_NOT_FOUND, bidBody, insuranceDay, requireAvailable } from './bid-access.ts';
import { type BidWrite, bidWrite, placeBid, placeBids } from './bid-place.ts';
import {
  type BidRow,
  findOwnBidId,
  findVendorBid,
  insertBid,
  updatePendingBid,
  withdrawPendingBid,
} from './bid-store.ts';
import { loadBidWriteTarget } from './bid-write-target.ts';

const DUPLICATE_DETAIL = ERROR_MESSAGES.DUPLICATE_BID;
const INSURANCE_DETAIL = ERROR_MESSAGES.INSURANCE_EXPIRED;
const NOT_EDITABLE = apiError('BID_NOT_EDITABLE');
const OWN_REQUEST = apiError('OWN_REQUEST');

/** Bids are a vendor's own: staff, who may see everything, still do not bid (docs/decisions/requests-and-jobs.md). */
function requireVendor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

/** A 409 of a bid write: DUPLICATE_BID names the bid already there, the others are plain errors. */
const conflictSchema = z.union([duplicateBidErrorSchema, errorBodySchema]);

/** POST/PUT /api/requests/{id}/bid/ and POST /api/bids/{id}/withdraw/ (signed-in spec, sections 2 and 7). */
export async function bidWriteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const vendorsFirst = checkFirst(requireVendor);
  // Bids placed while one batch is written go together in the next (db/group-commit.ts), as
  // messages do: two statements in flight, never two bids of a vendor on a request or two claims of
  // one key in a statement.
  const placements = new GroupCommit<BidWrite, BidRow | undefined>((writes) => placeBids(app.db, writes), {
    maxBatch: 64,
    maxInFlight: 2,
    exclusiveKeys: (write) => [
      `bid ${write.vendor_id} ${write.request_id}`,
      ...(write.key === null ? [] : [`key ${write.key_user} ${write.key}`]),
    ],
    // Also a bid of the vendor's committed meanwhile (the unique key): rare, and worth seeing.
    onBatchFailure: (err, size) =>
      app.log.warn({ err, size }, 'POST bid: a batch failed; each write is tried alone'),
  });
  /** The bid placed on the database itself, with the bids that arrive beside it (see `placeBids`). */
  const placeTogether = async (
    user: UserRow,
    requestId: number,
    input: BidInput,
    now: Date,
    claim?: KeyClaim,
  ) => {
    const write = bidWrite(user, requestId, input, now, claim);
    return write === undefined ? undefined : placements.submit(write);
  };

  /**
   * The request a bid write is about, locked for the rest of the write's transaction
   * (bid-write-target.ts). A vendor that raised the request (its reporter) may read it but never bid
   * on it: it would price work it asked for itself.
   */
  async function visibleTarget(db: DbOrTx, user: UserRow, id: number) {
    const target = await loadBidWriteTarget(db, user, id);
    if (target.visible.createdById === user.id) throw new HttpError(403, OWN_REQUEST);
    return target;
  }

  // Both writes take an Idempotency-Key (the offline outbox replays them): every check runs inside
  // the write, so a replay answers the first answer even after the request has changed since.
  // A bid that passes every check is one statement (bid-place.ts, from the profile of POST bid);
  // when it placed nothing, the full checks below decide the answer in a transaction (BEGIN, the
  // target, the insert, COMMIT). The body is validated by its schema but refused only after the
  // request's own checks (404 → 403 → 400, docs/decisions/requests-and-jobs.md "bid checks order"):
  // attachValidation, and an invalid body goes straight to the full checks.
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
      const write = async (db: Db) => {
        requireValidParams(request);
        const now = new Date();
        if (!request.validationError) {
          const bid =
            db === app.db
              ? await placeTogether(user, request.params.id, request.body, now)
              : await placeBid(db, user, request.params.id, request.body, now);
          if (bid) return placed(bid);
        }
        return db.transaction(async (tx) => {
          const target = await visibleTarget(tx, user, request.params.id);
          requireValidBody(request);
          const input = request.body;
          if (target.insuranceExpiresOn && target.insuranceExpiresOn < insuranceDay(now)) {
            throw new HttpError(403, { code: 'INSURANCE_EXPIRED', detail: INSURANCE_DETAIL });
          }
          requireAvailable(target);
          const duplicate = (bidId: number) =>
            new HttpError(409, { code: 'DUPLICATE_BID', bidId, detail: DUPLICATE_DETAIL });
          if (target.ownBidId !== null) throw duplicate(target.ownBidId);
          const bid = await insertBid(tx, target.id, user.id, input);
          if (!bid) throw duplicate((await findOwnBidId(tx, user.id, target.id)) ?? 0);
          return placed(bid);
        });
      };
      // With a key (the outbox's every bid), a bid that passes every check claims the key in its own
      // statement, its answer kept with it (it took eight round trips, then four); anything else is
      // answered by the key's transaction.
      const claimingWrite = async (claim: KeyClaim) => {
        requireValidParams(request);
        if (request.validationError) return null;
        const bid = await placeTogether(user, request.params.id, request.body, new Date(), claim);
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
      return idempotentWrite(request, reply, async (tx) => {
        requireValidParams(request);
        const target = await visibleTarget(tx, user, request.params.id);
        requireValidBody(request);
        if (target.ownBidId === null) throw notFound(BID_NOT_FOUND);
        requireAvailable(target);
        const updated = await updatePendingBid(tx, target.ownBidId, request.body);
        if (!updated) throw new HttpError(409, NOT_EDITABLE);
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
      return app.db.transaction(async (tx) => {
        const bid = await findVendorBid(tx, request.params.id, user.id);
        if (!bid) throw notFound(BID_NOT_FOUND);
        const updated = await withdrawPendingBid(tx, bid);
        if (!updated) throw new HttpError(409, NOT_EDITABLE);
        return bidBody(updated);
      });
    },
  );
}
