import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';
import { cancelInputSchema, lifecycleNoteSchema } from '#shared/lifecycle-schemas.ts';
import { rejectPendingBids, restoreRejectedBids } from './bid-decisions.ts';
import { lifecycleRouteOptions, noticeToAwardedVendor, runLifecycleStep } from './lifecycle-call.ts';

const withReason = (text: string, reason: string) => (reason ? `${text}: ${reason}` : `${text}.`);

/**
 * POST /api/requests/{id}/cancel/ {reason?}: from Open or In Progress. Bidding closes, pending
 * bids are rejected (a bid must not stay pending on a dead request) and the awarded vendor, if
 * any, is told the job is off.
 * POST /api/requests/{id}/reopen/ {note?}: a cancelled request that was never awarded goes back
 * to Open with bidding open, and the bids its cancel turned down are pending again.
 */
export async function cancelRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cancelOptions = lifecycleRouteOptions(
    'Cancel an Open or In Progress request: pending bids are rejected',
    cancelInputSchema,
  );
  api.post('/api/requests/:id/cancel/', cancelOptions, (request) =>
    runLifecycleStep(app, request, 'cancel', async (step) => {
      const { tx, parties, input, now } = step;
      const requestId = parties.row.id;
      const rejected = await rejectPendingBids(tx, requestId, now);
      const updated = await step.advance({ isOpenForBids: false }, input.reason);
      const message = withReason(`Request ${requestNumber(requestId)} was cancelled`, input.reason);
      await notify(tx, [
        ...rejected.map((bid) => ({
          userId: bid.vendorId,
          kind: 'bid_rejected' as const,
          title: 'Request cancelled',
          message,
          relatedRequestId: requestId,
        })),
        ...(parties.row.status === 'in_progress'
          ? noticeToAwardedVendor(parties, 'Request cancelled', message)
          : []),
      ]);
      return updated;
    }),
  );

  const reopenOptions = lifecycleRouteOptions(
    'Reopen a cancelled request that was never awarded: its bids are pending again',
    lifecycleNoteSchema,
  );
  api.post('/api/requests/:id/reopen/', reopenOptions, (request) =>
    runLifecycleStep(app, request, 'reopen', async (step) => {
      const { tx, parties, input, now } = step;
      const requestId = parties.row.id;
      const restored = await restoreRejectedBids(tx, requestId, now);
      const updated = await step.advance({ isOpenForBids: true }, input.note);
      await notify(
        tx,
        restored.map((bid) => ({
          userId: bid.vendorId,
          kind: 'request_status' as const,
          title: 'Request reopened',
          message: `Request ${requestNumber(requestId)} is open again and your bid is back under consideration.`,
          relatedRequestId: requestId,
        })),
      );
      return updated;
    }),
  );
}
