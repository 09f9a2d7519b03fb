import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { notify } from '#server/notifications/notify.ts';
import { changeOpenRequest, REQUEST_NOT_FOUND } from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { newJobNotices } from '#server/requests/request-notices.ts';
import { openToVendorsInputSchema } from '#shared/invitation-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { openToVendorsAnswerSchema } from '#shared/request-responses.ts';

const ALREADY_OPEN = 'This request is already open to vendors.';

/**
 * POST /api/requests/{id}/open/ {invite_all?}: the managing side (staff, managers of the owning
 * client) opens a vendor's report, held for them since it was raised (src/shared/request-visibility.ts),
 * to vendors: those of its trade, or every vendor with invite_all. Each vendor it now reaches gets a
 * 'new_job' notice (not its reporter, not the vendors already invited, who were told then). Checks
 * run as in the lifecycle calls: 401 → 404 → 403 → 400 → 409 (not Open, or already open). Answers
 * {id, is_open_to_vendors, invite_all}. Inviting chosen vendors instead is POST .../invitations/.
 */
export async function openToVendorsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "Open a vendor's report, held for the managers, to vendors (its trade, or all with invite_all)",
    params: idParamsSchema,
    body: openToVendorsInputSchema,
    response: { ...errorResponses, 200: openToVendorsAnswerSchema },
  };
  const options = { schema, config: { notFound: { detail: REQUEST_NOT_FOUND } }, attachValidation: true };
  api.post('/api/requests/:id/open/', options, async (request) => {
    const user = requireUser(request);
    requireValidParams(request);
    const id = request.params.id;
    const viewer = await loadViewer(app.db, user);
    // Held FOR UPDATE (changeOpenRequest), so two managers opening at once tell each vendor once.
    const checks = {
      checkBody: () => requireValidBody(request),
      notOpen: (status: string) =>
        `A request can be opened to vendors only while it is Open; it is ${status}.`,
    };
    return changeOpenRequest(app.db, viewer, id, checks, async (tx, row) => {
      const input = request.body;
      if (row.openedToVendorsAt !== null) {
        throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: ALREADY_OPEN });
      }
      const [updated] = await tx
        .update(mr)
        .set({ openedToVendorsAt: sql`now()`, inviteAll: input.invite_all, updatedAt: new Date() })
        .where(eq(mr.id, id))
        .returning({ inviteAll: mr.inviteAll });
      const invited = await tx
        .select({ vendorId: requestInvitations.vendorId })
        .from(requestInvitations)
        .where(eq(requestInvitations.requestId, id));
      await notify(
        tx,
        await newJobNotices(
          tx,
          { id, type: row.type, inviteAll: input.invite_all, authorId: row.createdById },
          invited.map((invitation) => invitation.vendorId),
        ),
      );
      return { id, is_open_to_vendors: true, invite_all: updated!.inviteAll };
    });
  });
}
