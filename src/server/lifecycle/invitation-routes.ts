import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invitationInputSchema } from '#shared/invitation-schemas.ts';
import { REQUEST_STATUS_LABELS } from '#shared/status-labels.ts';
import { requireUser } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { projects } from '../db/schema/projects.ts';
import { requestInvitations } from '../db/schema/requests.ts';
import { forbidden, HttpError, parseInput } from '../http/http-error.ts';
import { notify } from '../notifications/notify.ts';
import { loadInvitedVendors } from '../requests/invited-vendors.ts';
import { loadViewer } from '../requests/request-viewer.ts';
import { loadParties, parseRequestId, roleOf } from './lifecycle-access.ts';

async function placeName(tx: Db, projectId: number | null): Promise<string | null> {
  if (projectId === null) return null;
  const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return project?.name ?? null;
}

/**
 * POST /api/requests/{id}/invitations/ {vendors: [ids]}: the managing side (staff, managers of the
 * owning client) invites more vendors while the request is open. Checks run as in
 * the lifecycle calls: 401 → 404 → 403 → 400 → 409. Vendors already invited are skipped; each newly
 * invited one gets an 'invited' notice. Answers {invited: [{id, name}]} (only the new ones).
 */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string } }>('/api/requests/:id/invitations/', async (request) => {
    const user = requireUser(request);
    const id = parseRequestId(request.params.id);
    const viewer = await loadViewer(app.db, user);
    return app.db.transaction(async (tx) => {
      // Held FOR UPDATE so a racing cancel cannot slip between the state check and the insert.
      const parties = await loadParties(tx, id, true);
      if (roleOf(viewer, parties) !== 'manager') throw forbidden();
      const input = parseInput(invitationInputSchema, request.body);
      const { row } = parties;
      if (row.status !== 'open') {
        throw new HttpError(409, {
          code: 'INVALID_TRANSITION',
          detail: `Vendors can only be invited to an open request; this one is ${REQUEST_STATUS_LABELS[row.status]}.`,
        });
      }
      const chosen = await loadInvitedVendors(tx, user, [...new Set(input.vendors)]);
      const fresh = await tx
        .insert(requestInvitations)
        .values(chosen.map((vendor) => ({ requestId: id, vendorId: vendor.id })))
        .onConflictDoNothing()
        .returning({ vendorId: requestInvitations.vendorId });
      const freshIds = new Set(fresh.map((invitation) => invitation.vendorId));
      const invited = chosen.filter((vendor) => freshIds.has(vendor.id));
      const place = await placeName(tx, row.projectId);
      const where = place ? ` at ${place}` : '';
      await notify(
        tx,
        invited.map((vendor) => ({
          userId: vendor.id,
          kind: 'invited' as const,
          title: 'You are invited to bid',
          message: `You have been invited to bid on request #${id} (${row.type})${where}.`,
          relatedRequestId: id,
        })),
      );
      return { invited };
    });
  });
}
