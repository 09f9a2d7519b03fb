import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError, ERROR_MESSAGES } from '#shared/api-errors.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';
import { requireUser } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { bids } from '../db/schema/bids.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { forbidden, HttpError, notFound, parseInput } from '../http/http-error.ts';
import { idempotentWrite } from '../idempotency/idempotent-write.ts';
import { BID_NOT_FOUND, bidBody, requireAvailable } from './bid-access.ts';
import { loadBidWriteTarget } from './bid-write-target.ts';

const DUPLICATE_DETAIL = ERROR_MESSAGES.DUPLICATE_BID;
const INSURANCE_DETAIL = ERROR_MESSAGES.INSURANCE_EXPIRED;
const NOT_EDITABLE = apiError('BID_NOT_EDITABLE');
const OWN_REQUEST = apiError('OWN_REQUEST');

/** Bids are a vendor's own: staff, who may see everything, still do not bid (docs/architecture.md). */
function requireVendor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

/** POST/PUT /api/requests/{id}/bid/ and POST /api/bids/{id}/withdraw/ (signed-in spec, sections 2 and 7). */
export async function bidWriteRoutes(app: FastifyInstance): Promise<void> {
  /**
   * The request a bid write is about, locked for the rest of the write's transaction
   * (bid-write-target.ts). A vendor that raised the request (its reporter) may read it but never bid
   * on it: it would price work it asked for itself.
   */
  async function visibleTarget(db: Db, user: UserRow, rawId: string) {
    const target = await loadBidWriteTarget(db, user, rawId);
    if (target.visible.createdById === user.id) throw new HttpError(403, OWN_REQUEST);
    return target;
  }

  async function ownBidId(db: Db, userId: number, requestId: number) {
    const [bid] = await db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.requestId, requestId), eq(bids.vendorId, userId)));
    return bid?.id;
  }

  // Both writes take an Idempotency-Key (the offline outbox replays them): every check runs inside
  // the write, so a replay answers the first answer even after the request has changed since.
  // Three statements in all (BEGIN, the target, the insert, COMMIT): issue 14's profile of POST bid.
  app.post<{ Params: { id: string } }>('/api/requests/:id/bid/', async (request, reply) => {
    const user = requireVendor(request);
    return idempotentWrite(request, reply, async (tx) => {
      const target = await visibleTarget(tx, user, request.params.id);
      const input = parseInput(bidInputSchema, request.body);
      // A certificate valid through its expiry date; no date on file is not refused (docs/architecture.md).
      if (target.insuranceExpiresOn && target.insuranceExpiresOn < new Date().toISOString().slice(0, 10)) {
        throw new HttpError(403, { code: 'INSURANCE_EXPIRED', detail: INSURANCE_DETAIL });
      }
      requireAvailable(target);
      const duplicate = (bidId: number) =>
        new HttpError(409, { code: 'DUPLICATE_BID', bidId, detail: DUPLICATE_DETAIL });
      if (target.ownBidId !== null) throw duplicate(target.ownBidId);
      const [bid] = await tx
        .insert(bids)
        .values({
          requestId: target.id,
          vendorId: user.id,
          amount: input.amount,
          estimatedTime: input.estimated_time,
          estimatedTimeUnit: input.estimated_time_unit,
          proposedStartDate: new Date(input.proposed_start_date),
          notes: input.notes,
        })
        // UNIQUE(request_id, vendor_id) is the real guard, the check above a shortcut: a racing
        // submission that won leaves this insert nothing to do (no error, so no savepoint needed).
        .onConflictDoNothing({ target: [bids.requestId, bids.vendorId] })
        .returning();
      if (!bid) throw duplicate((await ownBidId(tx, user.id, target.id)) ?? 0);
      return { status: 201, body: bidBody(bid) };
    });
  });

  app.put<{ Params: { id: string } }>('/api/requests/:id/bid/', async (request, reply) => {
    const user = requireVendor(request);
    return idempotentWrite(request, reply, async (tx) => {
      const target = await visibleTarget(tx, user, request.params.id);
      const input = parseInput(bidInputSchema, request.body);
      if (target.ownBidId === null) throw notFound(BID_NOT_FOUND);
      requireAvailable(target);
      const [updated] = await tx
        .update(bids)
        .set({
          amount: input.amount,
          estimatedTime: input.estimated_time,
          estimatedTimeUnit: input.estimated_time_unit,
          proposedStartDate: new Date(input.proposed_start_date),
          notes: input.notes,
          updatedAt: new Date(),
        })
        // Conditional on pending so that an award landing meanwhile is not overwritten.
        .where(and(eq(bids.id, target.ownBidId), eq(bids.status, 'pending')))
        .returning();
      if (!updated) throw new HttpError(409, NOT_EDITABLE);
      return { status: 200, body: bidBody(updated) };
    });
  });

  app.post<{ Params: { id: string } }>('/api/bids/:id/withdraw/', async (request) => {
    const user = requireVendor(request);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(BID_NOT_FOUND);
    const id = Number(request.params.id);
    return app.db.transaction(async (tx) => {
      const [bid] = await tx
        .select()
        .from(bids)
        .where(and(eq(bids.id, id), eq(bids.vendorId, user.id)));
      if (!bid) throw notFound(BID_NOT_FOUND);
      // The request row first, as an award takes it: a withdrawal racing the award of this very bid
      // either lands before it (the award then finds no pending bid) or finds the bid decided.
      await tx.select({ id: mr.id }).from(mr).where(eq(mr.id, bid.requestId)).for('update');
      const [updated] = await tx
        .update(bids)
        .set({ status: 'withdrawn', decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(bids.id, id), eq(bids.status, 'pending')))
        .returning();
      if (!updated) throw new HttpError(409, NOT_EDITABLE);
      return bidBody(updated);
    });
  });
}
