import { and, eq, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { type NewNotification, notify } from '../notifications/notify.ts';

export interface RaisedRequest {
  id: number;
  type: string;
  /** The author as managers see it: a vendor's company, else the person's name. */
  authorName: string;
  inviteAll: boolean;
  invitedVendorIds: readonly number[];
  project: { name: string; clientId: number };
}

/**
 * Who hears of a new request: invited vendors ('invited'); vendors of its trade, or every vendor when
 * it is open to all ('new_job', not twice for the invited, never the author); and, when someone
 * outside the owning client raised it (a vendor on site, or staff), that client's managers.
 */
export async function notifyRequestRaised(
  tx: DbOrTx,
  author: UserRow,
  request: RaisedRequest,
): Promise<void> {
  const invited = new Set(request.invitedVendorIds);
  const trade = request.inviteAll
    ? undefined
    : sql`${vendorProfiles.serviceCategories} @> array[${request.type}]::text[]`;
  const vendors = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(eq(users.type, 'vendor'), eq(users.isActive, true), ne(users.id, author.id), trade));
  const items: NewNotification[] = [
    ...[...invited].map((userId) => ({
      userId,
      kind: 'invited' as const,
      title: 'You are invited to bid',
      message: `You have been invited to bid on request #${request.id} (${request.type}) at ${request.project.name}.`,
      relatedRequestId: request.id,
    })),
    ...vendors
      .filter((vendor) => !invited.has(vendor.id))
      .map((vendor) => ({
        userId: vendor.id,
        kind: 'new_job' as const,
        title: 'New job available',
        message: `A new ${request.type} request #${request.id} is open for bids.`,
        relatedRequestId: request.id,
      })),
  ];
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
    for (const manager of managers) {
      items.push({
        userId: manager.id,
        kind: 'request_status',
        title: 'New maintenance request',
        message: `${request.authorName} raised a ${request.type} request #${request.id} at ${request.project.name}.`,
        relatedRequestId: request.id,
      });
    }
  }
  await notify(tx, items);
}
