import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.ts';
import { notify } from '#server/notifications/notify.ts';
import { errorBodySchema } from '#shared/api-errors.ts';
import type { BidOption } from '#shared/bid-line-items.ts';
import { bidChangedErrorSchema } from '#shared/bid-responses.ts';
import { bidLabel, requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { awardInputSchema } from '#shared/lifecycle-schemas.ts';
import { requireSeenVersion } from './award-price-lock.ts';
import { acceptBid, findAwardCandidate, rejectPendingBids } from './bid-decisions.ts';
import { lifecycleRouteOptions, runLifecycleStep } from './lifecycle-call.ts';

const CHOOSE_OPTION = { errors: { option: ["Choose one of the bid's options."] } };

/**
 * The option an award names: required when the bid offers options (1 to their count), refused for a
 * plain bid, so an award never leaves the job's price in doubt.
 */
function chosenOption(options: readonly BidOption[], position: number | undefined) {
  if (options.length === 0) {
    if (position !== undefined)
      throw new HttpError(400, { errors: { option: ['This bid offers no options.'] } });
    return null;
  }
  const option = position === undefined ? undefined : options[position - 1];
  if (!option || position === undefined) throw new HttpError(400, CHOOSE_OPTION);
  return { ...option, position };
}

/**
 * POST /api/requests/{id}/award/ {bid_id, option?, bid_version?}: the manager picks one pending bid of
 * an Open request, at the version they saw (award-price-lock.ts). That bid is accepted, every other
 * pending bid rejected, bidding closes, the job goes In Progress and every bidder concerned is told.
 * The locked request row makes a second award wait and fail.
 */
export async function awardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stepOptions = lifecycleRouteOptions(
    'Award a pending bid at the version seen: the others are rejected and the job goes In Progress',
    awardInputSchema,
  );
  // A 409 is BID_CHANGED with the bid as it is now, or another step's refusal.
  const conflict = z.union([bidChangedErrorSchema, errorBodySchema]);
  const options = {
    ...stepOptions,
    schema: { ...stepOptions.schema, response: { ...stepOptions.schema.response, 409: conflict } },
  };
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
      // Before the option: a bid whose options changed is shown again, not refused for the choice.
      requireSeenVersion(bid, input.bid_version);
      const option = chosenOption(bid.options, input.option);
      const amount = option?.amount ?? bid.amount;
      await acceptBid(tx, bid.id, now, option?.position ?? null);
      const rejected = await rejectPendingBids(tx, requestId, now, bid.id);
      const updated = await advance(
        { isOpenForBids: false, awardedBidId: bid.id },
        option
          ? `${bidLabel(bid.id)} from ${bid.vendorName}, option ${option.position} "${option.label}", for ${formatUsd(amount)}`
          : `${bidLabel(bid.id)} from ${bid.vendorName} for ${formatUsd(amount)}`,
      );
      await notify(tx, [
        {
          userId: bid.vendorId,
          kind: 'bid_accepted',
          title: 'Bid accepted',
          message: option
            ? `Your bid for request ${requestNumber(requestId)} was accepted with option ${option.position}, "${option.label}" (${formatUsd(amount)}). The job is now in progress.`
            : `Your ${formatUsd(amount)} bid for request ${requestNumber(requestId)} was accepted. The job is now in progress.`,
          relatedRequestId: requestId,
        },
        ...rejected.map((loser) => ({
          userId: loser.vendorId,
          kind: 'bid_rejected' as const,
          title: 'Bid not selected',
          message: `Another vendor was selected for request ${requestNumber(requestId)}.`,
          relatedRequestId: requestId,
        })),
      ]);
      return updated;
    }),
  );
}
