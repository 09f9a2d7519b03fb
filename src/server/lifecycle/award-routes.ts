import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatUsd } from '#shared/formatters.ts';
import { awardInputSchema } from '#shared/lifecycle-schemas.ts';
import { bids } from '../db/schema/bids.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { HttpError } from '../http/http-error.ts';
import { notify } from '../notifications/notify.ts';
import { vendorNameSql } from '../vendors/vendor-name.ts';
import { rejectPendingBids } from './bid-decisions.ts';
import { runLifecycleStep } from './lifecycle-call.ts';

/**
 * POST /api/requests/{id}/award/ {bid_id}: the manager picks one pending bid of an Open request.
 * That bid is accepted, every other pending bid rejected, bidding closes, the job goes In Progress
 * and every bidder concerned is told. The locked request row makes a second award wait and fail.
 */
export async function awardRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string } }>('/api/requests/:id/award/', (request) =>
    runLifecycleStep(
      app,
      request,
      'award',
      awardInputSchema,
      async ({ tx, parties, input, now, advance }) => {
        const requestId = parties.row.id;
        const [bid] = await tx
          .select({
            id: bids.id,
            requestId: bids.requestId,
            status: bids.status,
            amount: bids.amount,
            vendorId: bids.vendorId,
            vendorName: vendorNameSql,
          })
          .from(bids)
          .innerJoin(users, eq(users.id, bids.vendorId))
          .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
          .where(eq(bids.id, input.bid_id));
        if (!bid || bid.requestId !== requestId) {
          throw new HttpError(400, { errors: { bid_id: ['This is not a bid on this request.'] } });
        }
        if (bid.status !== 'pending') {
          throw new HttpError(409, {
            code: 'INVALID_TRANSITION',
            detail: `Only a pending bid can be awarded; this bid is ${bid.status}.`,
          });
        }
        await tx
          .update(bids)
          .set({ status: 'accepted', decidedAt: now, updatedAt: now })
          .where(eq(bids.id, bid.id));
        const rejected = await rejectPendingBids(tx, requestId, now, bid.id);
        const updated = await advance(
          { isOpenForBids: false, awardedBidId: bid.id },
          `Bid #${bid.id} from ${bid.vendorName} for ${formatUsd(bid.amount)}`,
        );
        await notify(tx, [
          {
            userId: bid.vendorId,
            kind: 'bid_accepted',
            title: 'Bid accepted',
            message: `Your ${formatUsd(bid.amount)} bid for request #${requestId} was accepted. The job is now in progress.`,
            relatedRequestId: requestId,
          },
          ...rejected.map((loser) => ({
            userId: loser.vendorId,
            kind: 'bid_rejected' as const,
            title: 'Bid not selected',
            message: `Another vendor was selected for request #${requestId}.`,
            relatedRequestId: requestId,
          })),
        ]);
        return updated;
      },
    ),
  );
}
