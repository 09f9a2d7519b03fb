import { and, eq } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';
import { type NewNotification, notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';
import { queueNewJobAnnouncement } from './new-job-announcements.ts';

export interface RaisedRequest {
  id: number;
  type: string;
  /** The author as managers see it: a vendor's company, else the person's name. */
  authorName: string;
  inviteAll: boolean;
  invitedVendorIds: readonly number[];
  /** False for a vendor's report, held for its managers (request-visibility.ts): no vendor is told. */
  openToVendors: boolean;
  project: { name: string; clientId: number };
}

/** What a vendor's report tells its managers beside the usual notice: it waits for them. */
export const HELD_FOR_MANAGERS =
  'Only your team and the reporter see it until you open it to vendors or invite vendors.';

/**
 * Who hears of a new request: invited vendors ('invited'); vendors of its trade, or every vendor when
 * it is open to all ('new_job', not twice for the invited, never the author), unless it is a vendor's
 * report held for its managers: those notices are queued (new-job-announcements.ts), written moments
 * after the request's commit, never in its way; and, when someone outside the owning client raised
 * it (a vendor on site, or staff), that client's managers.
 */
export async function notifyRequestRaised(
  tx: DbOrTx,
  author: UserRow,
  request: RaisedRequest,
): Promise<void> {
  const invited = [...new Set(request.invitedVendorIds)];
  const items: NewNotification[] = [
    ...invited.map((userId) => ({
      userId,
      kind: 'invited' as const,
      title: 'You are invited to bid',
      message: `You have been invited to bid on request ${requestNumber(request.id)} (${request.type}) at ${request.project.name}.`,
      relatedRequestId: request.id,
    })),
  ];
  if (request.openToVendors) await queueNewJobAnnouncement(tx, request.id);
  const insideClient = author.type === 'property_manager' && author.clientId === request.project.clientId;
  if (!insideClient) {
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.type, 'property_manager'),
          eq(users.isActive, true),
          eq(users.clientId, request.project.clientId),
        ),
      );
    const raised = `${request.authorName} raised a ${request.type} request ${requestNumber(request.id)} at ${request.project.name}.`;
    for (const manager of managers) {
      items.push({
        userId: manager.id,
        kind: 'request_status',
        title: 'New maintenance request',
        message: request.openToVendors ? raised : `${raised} ${HELD_FOR_MANAGERS}`,
        relatedRequestId: request.id,
      });
    }
  }
  await notify(tx, items);
}
