import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.ts';
import { errorBodySchema } from '#shared/api-errors.ts';
import { bidChangedErrorSchema } from '#shared/bid-responses.ts';
import { awardInputSchema } from '#shared/lifecycle-schemas.ts';
import type { LifecycleAnswer } from '#shared/request-responses.ts';
import { applyAward, awardAmount, chosenOption } from './award-effect.ts';
import { passAwardGate } from './award-gate.ts';
import { requireSeenVersion } from './award-price-lock.ts';
import { findAwardCandidate } from './bid-decisions.ts';
import { lifecycleRouteOptions, runLifecycleStep } from './lifecycle-call.ts';

/**
 * POST /api/requests/{id}/award/ {bid_id, option?, bid_version?, recommendation_note?}: the manager
 * picks one pending bid of an Open request, at the version they saw (award-price-lock.ts). That bid
 * is accepted, every other pending bid rejected, bidding closes, the job goes In Progress and every
 * bidder concerned is told (award-effect.ts). The locked request row makes a second award wait and
 * fail. An award above the request's limit waits for the owners instead (award-gate.ts): the request
 * stays Open and the answer names the approval (`owner_approval`).
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
  api.post('/api/requests/:id/award/', options, async (request): Promise<LifecycleAnswer> => {
    let waitingFor: number | null = null;
    const answer = await runLifecycleStep(app, request, 'award', async (step) => {
      const { tx, parties, input, now, advance } = step;
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
      const verdict = await passAwardGate(app, {
        tx,
        user: step.user,
        parties,
        bid,
        option,
        amount: awardAmount(bid, option),
        now,
        recommendationNote: input.recommendation_note ?? '',
      });
      if (!verdict.award) {
        waitingFor = verdict.approvalId;
        return parties.row;
      }
      return applyAward(tx, { requestId, bid, option, now, advance });
    });
    return waitingFor === null
      ? answer
      : { ...answer, owner_approval: { id: waitingFor, status: 'waiting' } };
  });
}
