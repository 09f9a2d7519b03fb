import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { type NewNotification, notify } from '#server/notifications/notify.ts';
import { requestManagerIds } from '#server/request-core/request-managers.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { requestNumber } from '#shared/display-names.ts';

export const WITHDRAWN_TITLE = 'Bid withdrawn';

/**
 * Withdraws every pending bid of a vendor that is no longer live (staff rejected its application or
 * deactivated its account), in the caller's transaction, so the bids go exactly when the decision
 * does; each request's managers get a 'request_status' notice (they hear of request updates, not of
 * bid results). The requests are locked first, in id order, as an award locks its request
 * (withdrawPendingBid): a withdrawal racing an award either lands first (the award then finds the
 * bid withdrawn) or finds the bid decided and leaves it be. Answers the withdrawn bids' ids.
 */
export async function withdrawBidsOfVendor(tx: DbOrTx, vendorId: number): Promise<number[]> {
  const pending = and(eq(bids.vendorId, vendorId), eq(bids.status, 'pending'));
  const held = await tx.selectDistinct({ requestId: bids.requestId }).from(bids).where(pending);
  if (held.length === 0) return [];
  await tx
    .select({ id: mr.id })
    .from(mr)
    .where(
      inArray(
        mr.id,
        held.map((row) => row.requestId),
      ),
    )
    .orderBy(asc(mr.id))
    .for('update');
  const now = new Date();
  const withdrawn = await tx
    .update(bids)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(pending)
    .returning({ id: bids.id, requestId: bids.requestId });
  if (withdrawn.length === 0) return [];

  const [vendor] = await tx
    .select({ name: vendorNameSql })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, vendorId));
  const requests = await tx
    .select({
      id: mr.id,
      type: mr.type,
      createdById: mr.createdById,
      clientId: projects.clientId,
      place: projects.name,
    })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .where(
      inArray(
        mr.id,
        withdrawn.map((bid) => bid.requestId),
      ),
    )
    .orderBy(asc(mr.id));
  const notices: NewNotification[] = [];
  for (const request of requests) {
    const managers = await requestManagerIds(tx, {
      createdById: request.createdById,
      projectClientId: request.clientId ?? null,
    });
    const where = request.place ? ` at ${request.place}` : '';
    for (const userId of managers) {
      notices.push({
        userId,
        kind: 'request_status',
        title: WITHDRAWN_TITLE,
        message: `${vendor?.name ?? 'A vendor'}'s bid on request ${requestNumber(request.id)} (${request.type})${where} was withdrawn: the vendor is no longer active on FieldBid.`,
        relatedRequestId: request.id,
      });
    }
  }
  await notify(tx, notices);
  return withdrawn.map((bid) => bid.id);
}
