import { and, eq } from 'drizzle-orm';
import { canViewRequest, type VisibleRequest } from '#shared/request-visibility.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { projects } from '../db/schema/projects.ts';
import { maintenanceRequests as mr, requestInvitations } from '../db/schema/requests.ts';
import { users } from '../db/schema/users.ts';
import { forbidden, HttpError, notFound } from '../http/http-error.ts';
import { requestManagerIds } from '../requests/request-managers.ts';
import { loadViewer } from '../requests/request-viewer.ts';

export const REQUEST_NOT_FOUND = 'Request not found.';
const DENIED = 'You do not have permission to view this request.';

/** A thread (one request, one vendor) as the caller may take part in it. */
export interface ThreadAccess {
  requestId: number;
  vendorId: number;
  /** The caller's side: decides whose messages it marks read and who gets notified. */
  side: 'vendor' | 'manager';
  /** The request's managing side: the active managers of its property's client (requestManagerIds). */
  managerIds: number[];
}

async function loadVisibleRequest(db: Db, requestId: number): Promise<VisibleRequest> {
  const [row] = await db
    .select({
      createdById: mr.createdById,
      type: mr.type,
      inviteAll: mr.inviteAll,
      clientId: projects.clientId,
    })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .where(eq(mr.id, requestId));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const invitations = await db
    .select({ vendorId: requestInvitations.vendorId })
    .from(requestInvitations)
    .where(eq(requestInvitations.requestId, requestId));
  return {
    createdById: row.createdById,
    projectClientId: row.clientId ?? null,
    type: row.type,
    inviteAll: row.inviteAll,
    invitedVendorIds: invitations.map((i) => i.vendorId),
  };
}

/**
 * Who may read and write a thread (signed-in spec, section 6: the request visibility rule applies
 * to its messages): a vendor that may see the request (its reporter too), in its own thread; or one
 * of the request's managers, in the thread of a vendor named by `vendorId` that may see the request.
 * Staff who did not raise the request do not take part. 404 for an unknown request, 403 for anyone
 * else, 400 for a bad vendor.
 */
export async function loadThreadAccess(
  db: Db,
  user: UserRow,
  requestId: number,
  vendorId: number | undefined,
): Promise<ThreadAccess> {
  const visible = await loadVisibleRequest(db, requestId);
  const managerIds = await requestManagerIds(db, visible);

  if (user.type === 'vendor') {
    if (!canViewRequest(await loadViewer(db, user), visible)) throw forbidden(DENIED);
    return { requestId, vendorId: user.id, side: 'vendor', managerIds };
  }
  if (!managerIds.includes(user.id)) throw forbidden(DENIED);
  if (vendorId === undefined) throw new HttpError(400, { errors: { vendor: ['This field is required.'] } });
  const [vendor] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, vendorId), eq(users.type, 'vendor')));
  // A manager writes only to vendors who may see the request: anyone else would read about a
  // request they cannot open.
  if (!vendor || !canViewRequest(await loadViewer(db, vendor), visible)) {
    throw new HttpError(400, { errors: { vendor: ['This vendor cannot take part in this request.'] } });
  }
  return { requestId, vendorId, side: 'manager', managerIds };
}
