import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notify } from '#server/notifications/notify.ts';
import { addInvitations, propertyName } from '#server/requests/invitation-store.ts';
import { loadInvitedVendors } from '#server/requests/invited-vendors.ts';
import { supersedeNewJobNotices } from '#server/requests/superseded-job-notices.ts';
import { requestNumber } from '#shared/display-names.ts';
import { invitationInputSchema } from '#shared/invitation-schemas.ts';
import { invitationAnswerSchema } from '#shared/request-responses.ts';
import { requestCallOptions, runOpenRequestChange } from './lifecycle-call.ts';

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
  const options = requestCallOptions(
    'Invite more vendors to bid on an Open request',
    invitationInputSchema,
    invitationAnswerSchema,
  );
  const notOpen = (status: string) =>
    `Vendors can only be invited to an open request; this one is ${status}.`;
  api.post('/api/requests/:id/invitations/', options, (request) =>
    runOpenRequestChange(app, request, notOpen, async ({ tx, row, user, input }) => {
      const id = row.id;
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
    }),
  );
}
