import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';
import { biddingInputSchema } from '#shared/lifecycle-schemas.ts';
import { pendingBidders } from './bid-decisions.ts';
import { lifecycleRouteOptions, runLifecycleStep } from './lifecycle-call.ts';

/**
 * POST /api/requests/{id}/bidding/ {is_open_for_bids, bid_deadline?}: the managing side opens or
 * closes bidding (and moves the deadline; null clears it) while the request is Open. Not a status
 * change, so no history row (request_status_history has no such event); vendors with a pending bid
 * are told when bidding closes or opens again.
 */
export async function biddingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = lifecycleRouteOptions(
    'Open or close bidding on an Open request, and move its deadline',
    biddingInputSchema,
  );
  api.post('/api/requests/:id/bidding/', options, (request) =>
    runLifecycleStep(
      app,
      request,
      // The switch itself is checked below; both directions share one rule: only while Open. Read
      // from the body as sent: it is validated only after the asker's part is checked.
      (request.body as { is_open_for_bids?: unknown } | null | undefined)?.is_open_for_bids === true
        ? 'open_bidding'
        : 'close_bidding',
      async ({ tx, parties, input, advance }) => {
        const requestId = parties.row.id;
        const updated = await advance({
          isOpenForBids: input.is_open_for_bids,
          ...(input.bid_deadline === undefined
            ? {}
            : { bidDeadline: input.bid_deadline === null ? null : new Date(input.bid_deadline) }),
        });
        if (parties.row.isOpenForBids !== input.is_open_for_bids) {
          const vendors = await pendingBidders(tx, requestId);
          await notify(
            tx,
            vendors.map((userId) => ({
              userId,
              kind: 'request_status' as const,
              title: input.is_open_for_bids ? 'Bidding reopened' : 'Bidding closed',
              message: input.is_open_for_bids
                ? `Bidding on request ${requestNumber(requestId)} is open again; you may still change your bid.`
                : `Bidding on request ${requestNumber(requestId)} has closed; your bid stays under consideration.`,
              relatedRequestId: requestId,
            })),
          );
        }
        return updated;
      },
    ),
  );
}
