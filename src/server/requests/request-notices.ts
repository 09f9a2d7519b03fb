import { and, eq, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { type NewNotification, notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';

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
 * 'new_job' notices for the vendors a request open to vendors reaches: those of its trade, or every
 * active vendor when it is open to all, only those staff have approved (vendor_profiles.approved_at:
 * no other sees a job); never its author, nor the vendors in `skip` (told otherwise).
 */
export async function newJobNotices(
  tx: DbOrTx,
  request: { id: number; type: string; inviteAll: boolean; authorId: number },
  skip: readonly number[],
): Promise<NewNotification[]> {
  const trade = request.inviteAll
    ? undefined
    : sql`${vendorProfiles.serviceCategories} @> array[${request.type}]::text[]`;
  const vendors = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(
      and(
        eq(users.type, 'vendor'),
        eq(users.isActive, true),
        isNotNull(vendorProfiles.approvedAt),
        ne(users.id, request.authorId),
        skip.length > 0 ? notInArray(users.id, [...skip]) : undefined,
        trade,
      ),
    );
  return vendors.map((vendor) => ({
    userId: vendor.id,
    kind: 'new_job' as const,
    title: 'New job available',
    message: `A new ${request.type} request ${requestNumber(request.id)} is open for bids.`,
    relatedRequestId: request.id,
  }));
}

/**
 * Who hears of a new request: invited vendors ('invited'); vendors of its trade, or every vendor when
 * it is open to all ('new_job', not twice for the invited, never the author), unless it is a vendor's
 * report held for its managers; and, when someone outside the owning client raised it (a vendor on
 * site, or staff), that client's managers.
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
    ...(request.openToVendors ? await newJobNotices(tx, { ...request, authorId: author.id }, invited) : []),
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
