import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { notify } from '#server/notifications/notify.ts';
import { changeOpenRequest, REQUEST_NOT_FOUND } from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { addInvitations, propertyName } from '#server/requests/invitation-store.ts';
import { loadInvitedVendors } from '#server/requests/invited-vendors.ts';
import { supersedeNewJobNotices } from '#server/requests/superseded-job-notices.ts';
import { requestNumber } from '#shared/display-names.ts';
import { invitationInputSchema } from '#shared/invitation-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { invitationAnswerSchema } from '#shared/request-responses.ts';

/**
 * POST /api/requests/{id}/invitations/ {vendors: [ids]}: the managing side (staff, managers of the
 * owning client) invites more vendors while the request is open. Checks run as in
 * the lifecycle calls: 401 → 404 → 403 → 400 → 409 (so the schemas' refusals wait: attachValidation).
 * Vendors already invited are skipped; each newly invited one gets an 'invited' notice, which
 * replaces a 'new_job' notice of the request it has not read (superseded-job-notices.ts). Answers
 * {invited: [{id, name}]} (only the new ones).
 */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Invite more vendors to bid on an Open request',
    params: idParamsSchema,
    body: invitationInputSchema,
    response: { ...errorResponses, 200: invitationAnswerSchema },
  };
  const options = { schema, config: { notFound: { detail: REQUEST_NOT_FOUND } }, attachValidation: true };
  api.post('/api/requests/:id/invitations/', options, async (request) => {
    const user = requireUser(request);
    requireValidParams(request);
    const id = request.params.id;
    const viewer = await loadViewer(app.db, user);
    const checks = {
      checkBody: () => requireValidBody(request),
      notOpen: (status: string) => `Vendors can only be invited to an open request; this one is ${status}.`,
    };
    return changeOpenRequest(app.db, viewer, id, checks, async (tx, row) => {
      const input = request.body;
      const chosen = await loadInvitedVendors(tx, user, [...new Set(input.vendors)]);
      const freshIds = await addInvitations(
        tx,
        id,
        chosen.map((vendor) => vendor.id),
      );
      const invited = chosen.filter((vendor) => freshIds.has(vendor.id));
      const place = await propertyName(tx, row.projectId);
      const where = place ? ` at ${place}` : '';
      const superseded = await supersedeNewJobNotices(
        tx,
        id,
        invited.map((vendor) => vendor.id),
      );
      await notify(
        tx,
        invited.map((vendor) => ({
          userId: vendor.id,
          kind: 'invited' as const,
          title: 'You are invited to bid',
          message: `You have been invited to bid on request ${requestNumber(id)} (${row.type})${where}.`,
          relatedRequestId: id,
        })),
        superseded,
      );
      return { invited };
    });
  });
}
