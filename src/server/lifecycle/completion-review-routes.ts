import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';
import { lifecycleNoteSchema, sendBackInputSchema } from '#shared/lifecycle-schemas.ts';
import { lifecycleRouteOptions, noticeToAwardedVendor, runLifecycleStep } from './lifecycle-call.ts';

/**
 * The manager's answer to a vendor's "done": POST /api/requests/{id}/confirm/ {note?} completes
 * the job; POST /api/requests/{id}/send-back/ {note} keeps it In Progress, clears the vendor's
 * mark and tells the vendor what is still wrong (history event `reopened`, in_progress →
 * in_progress). Both only after the vendor marked the job complete.
 */
export async function completionReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const confirmOptions = lifecycleRouteOptions(
    "Confirm the vendor's completed work: the request is Completed",
    lifecycleNoteSchema,
  );
  api.post('/api/requests/:id/confirm/', confirmOptions, (request) =>
    runLifecycleStep(app, request, 'confirm', async (step) => {
      const { tx, parties, input, now } = step;
      const requestId = parties.row.id;
      const updated = await step.advance({ completedAt: now }, input.note);
      await notify(
        tx,
        noticeToAwardedVendor(
          parties,
          'Job confirmed complete',
          `The property manager confirmed request ${requestNumber(requestId)} as complete.`,
        ),
      );
      return updated;
    }),
  );

  const sendBackOptions = lifecycleRouteOptions(
    'Send completed work back to the vendor with what is still wrong',
    sendBackInputSchema,
  );
  api.post('/api/requests/:id/send-back/', sendBackOptions, (request) =>
    runLifecycleStep(app, request, 'send_back', async (step) => {
      const { tx, parties, input } = step;
      const requestId = parties.row.id;
      const updated = await step.advance({ vendorCompletedAt: null }, input.note);
      await notify(
        tx,
        noticeToAwardedVendor(
          parties,
          'Job sent back',
          `Request ${requestNumber(requestId)} needs more work: ${input.note}`,
        ),
      );
      return updated;
    }),
  );
}
