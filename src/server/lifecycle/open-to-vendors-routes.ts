import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { HttpError } from '#server/http/http-error.ts';
import { queueNewJobAnnouncement } from '#server/requests/new-job-announcements.ts';
import { openToVendorsInputSchema } from '#shared/invitation-schemas.ts';
import { openToVendorsAnswerSchema } from '#shared/request-responses.ts';
import { requestCallOptions, runOpenRequestChange } from './lifecycle-call.ts';

const ALREADY_OPEN = 'This request is already open to vendors.';

/**
 * POST /api/requests/{id}/open/ {invite_all?}: the managing side (staff, managers of the owning
 * client) opens a vendor's report, held for them since it was raised (src/shared/request-visibility.ts),
 * to vendors: those of its trade, or every vendor with invite_all. Each vendor it now reaches gets a
 * 'new_job' notice (not its reporter, not the vendors already invited, who were told then), written
 * by the announcement job moments after the commit (requests/new-job-announcements.ts). Checks
 * run as in the lifecycle calls: 401 → 404 → 403 → 400 → 409 (not Open, or already open). Answers
 * {id, is_open_to_vendors, invite_all}. Inviting chosen vendors instead is POST .../invitations/.
 */
export async function openToVendorsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = requestCallOptions(
    "Open a vendor's report, held for the managers, to vendors (its trade, or all with invite_all)",
    openToVendorsInputSchema,
    openToVendorsAnswerSchema,
  );
  const notOpen = (status: string) =>
    `A request can be opened to vendors only while it is Open; it is ${status}.`;
  // Held FOR UPDATE (changeOpenRequest), so two managers opening at once tell each vendor once.
  api.post('/api/requests/:id/open/', options, async (request) => {
    const answer = await runOpenRequestChange(app, request, notOpen, async ({ tx, row, input }) => {
      const id = row.id;
      if (row.openedToVendorsAt !== null) {
        throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: ALREADY_OPEN });
      }
      const [updated] = await tx
        .update(mr)
        .set({ openedToVendorsAt: sql`now()`, inviteAll: input.invite_all, updatedAt: new Date() })
        .where(eq(mr.id, id))
        .returning({ inviteAll: mr.inviteAll });
      await queueNewJobAnnouncement(tx, id);
      return { id, is_open_to_vendors: true, invite_all: updated!.inviteAll };
    });
    app.wakeNewJobAnnouncements();
    return answer;
  });
}
