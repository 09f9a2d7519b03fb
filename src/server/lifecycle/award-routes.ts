import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatUsd } from '#shared/formatters.ts';
import { awardInputSchema } from '#shared/lifecycle-schemas.ts';
import { HttpError } from '../http/http-error.ts';
import { notify } from '../notifications/notify.ts';
import { acceptBid, findAwardCandidate, rejectPendingBids } from './bid-decisions.ts';
import { lifecycleRouteOptions, runLifecycleStep } from './lifecycle-call.ts';

/**
 * POST /api/requests/{id}/award/ {bid_id}: the manager picks one pending bid of an Open request.
 * That bid is accepted, every other pending bid rejected, bidding closes, the job goes In Progress
 * and every bidder concerned is told. The locked request row makes a second award wait and fail.
 */
export async function awardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = lifecycleRouteOptions(
    'Award a pending bid: the others are rejected and the job goes In Progress',
    awardInputSchema,
  );
  api.post('/api/requests/:id/award/', options, (request) =>
    runLifecycleStep(app, request, 'award', async ({ tx, parties, input, now, advance }) => {
      const requestId = parties.row.id;
      const bid = await findAwardCandidate(tx, input.bid_id);
      if (!bid || bid.requestId !== requestId) {
        throw new HttpError(400, { errors: { bid_id: ['This is not a bid on this request.'] } });
      }
      if (bid.status !== 'pending') {
        throw new HttpError(409, {
          code: 'INVALID_TRANSITION',
          detail: `Only a pending bid can be awarded; this bid is ${bid.status}.`,
        });
      }
      await acceptBid(tx, bid.id, now);
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
    }),
  );
}
