import type { FastifyInstance } from 'fastify';
import { lifecycleNoteSchema, sendBackInputSchema } from '#shared/lifecycle-schemas.ts';
import { notify } from '../notifications/notify.ts';
import { noticeToAwardedVendor, runLifecycleStep } from './lifecycle-call.ts';

/**
 * The manager's answer to a vendor's "done": POST /api/requests/{id}/confirm/ {note?} completes
 * the job; POST /api/requests/{id}/send-back/ {note} keeps it In Progress, clears the vendor's
 * mark and tells the vendor what is still wrong (history event `reopened`, in_progress →
 * in_progress). Both only after the vendor marked the job complete.
 */
export async function completionReviewRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string } }>('/api/requests/:id/confirm/', (request) =>
    runLifecycleStep(app, request, 'confirm', lifecycleNoteSchema, async (step) => {
      const { tx, parties, input, now } = step;
      const requestId = parties.row.id;
      const updated = await step.advance({ completedAt: now }, input.note);
      await notify(
        tx,
        noticeToAwardedVendor(
          parties,
          'Job confirmed complete',
          `The property manager confirmed request #${requestId} as complete.`,
        ),
      );
      return updated;
    }),
  );

  app.post<{ Params: { id: string } }>('/api/requests/:id/send-back/', (request) =>
    runLifecycleStep(app, request, 'send_back', sendBackInputSchema, async (step) => {
      const { tx, parties, input } = step;
      const requestId = parties.row.id;
      const updated = await step.advance({ vendorCompletedAt: null }, input.note);
      await notify(
        tx,
        noticeToAwardedVendor(
          parties,
          'Job sent back',
          `Request #${requestId} needs more work: ${input.note}`,
        ),
      );
      return updated;
    }),
  );
}
