import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { reusedStatement } from '#server/db/reused-statement.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import {
  type Recipient,
  type RecipientFacts,
  recipientFactsSql,
  toRecipients,
} from '#server/notifications/notification-preferences-store.ts';
import { isRequestManager } from '#server/request-core/request-managers.ts';
import { canViewRequest, type VisibilityViewer, type VisibleRequest } from '#shared/request-visibility.ts';

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
  /** Who a message from the caller notifies (the other side), with their facts; read for a write only. */
  recipients: Map<number, Recipient>;
}

const vendor = alias(users, 'thread_vendor');
const vendorProfile = alias(vendorProfiles, 'thread_vendor_profile');
/** Built once (db/reused-statement.ts): building it took more time than running it. */
const threadStatement = reusedStatement((db) =>
  db
    .select({
      createdById: mr.createdById,
      type: mr.type,
      inviteAll: mr.inviteAll,
      openToVendors: sql<boolean>`${mr.openedToVendorsAt} is not null`,
      projectId: mr.projectId,
      clientId: projects.clientId,
      invited: sql<number[]>`coalesce((
        select array_agg(i.vendor_id) from request_invitations i where i.request_id = ${mr.id}
      ), '{}')`,
      managerIds: sql<number[]>`coalesce((
        select array_agg(${users.id}) from ${users} where ${isRequestManager(mr.createdById, projects.clientId)}
      ), '{}')`,
      vendor: {
        id: vendor.id,
        isStaff: vendor.isStaff,
        isSuperuser: vendor.isSuperuser,
        clientId: vendor.clientId,
      },
      vendorCategories: vendorProfile.serviceCategories,
      vendorApproved: sql<boolean>`${vendorProfile.approvedAt} is not null`,
      // A message's recipients, for a write (`forWrite`): the managers when a vendor writes, the
      // thread's vendor when a manager does. Each side's sub-select is skipped when not asked.
      recipients: sql<RecipientFacts[]>`coalesce(
        (select json_agg(${recipientFactsSql}) from ${users}
          where ${sql.placeholder('toManagers')}::boolean and ${isRequestManager(mr.createdById, projects.clientId)}),
        (select json_agg(${recipientFactsSql}) from ${users}
          where ${sql.placeholder('toVendor')}::boolean and ${users.id} = ${sql.placeholder('threadVendorId')}::int),
        '[]'::json)`,
    })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .leftJoin(vendor, and(eq(vendor.id, sql.placeholder('threadVendorId')), eq(vendor.type, 'vendor')))
    .leftJoin(vendorProfile, eq(vendorProfile.userId, vendor.id))
    .where(eq(mr.id, sql.placeholder('requestId')))
    .prepare('fieldbid_thread_access'),
);

/** What the thread's statement is asked: `threadVendorId` null when a manager named no vendor. */
export interface ThreadQuery {
  requestId: number;
  threadVendorId: number | null;
  /** The recipients of a message the caller writes: the managers (a vendor writes) or the vendor. */
  toManagers: boolean;
  toVendor: boolean;
}

export type ThreadRow = Awaited<ReturnType<typeof threadStatement>>[number];

/** The thread's request, its invitations and managers, the thread's vendor and (for a write) the recipients. */
export async function readThreadRow(db: Db, query: ThreadQuery): Promise<ThreadRow | undefined> {
  const [row] = await threadStatement(db, { ...query, threadVendorId: query.threadVendorId ?? -1 });
  return row;
}

/**
 * Who may read and write a thread (signed-in spec, section 6: the request visibility rule applies
 * to its messages): a vendor that may see the request (its reporter too), in its own thread; or one
 * of the request's managers, in the thread of a vendor named by `vendorId` that may see the request.
 * Staff who did not raise the request do not take part. 404 for an unknown request, 403 for anyone
 * else, 400 for a bad vendor.
 *
 * One statement reads the request, its invitations, its managers and the thread's vendor with its
 * trades (the four it took were most of POST message's round trips), and `forWrite`, the
 * recipients of a message the caller writes with their notification facts (one round trip less).
 * `read` answers it: the database, or what this process keeps of it (thread-access-cache.ts). The
 * decision itself is made here on every call, for the caller.
 */
export async function loadThreadAccess(
  read: (query: ThreadQuery) => Promise<ThreadRow | undefined>,
  user: UserRow,
  requestId: number,
  vendorId: number | undefined,
  forWrite = false,
): Promise<ThreadAccess> {
  const fromVendor = user.type === 'vendor';
  const row = await read({
    requestId,
    threadVendorId: fromVendor ? user.id : (vendorId ?? null),
    toManagers: forWrite && fromVendor,
    toVendor: forWrite && !fromVendor,
  });
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const visible: VisibleRequest = {
    createdById: row.createdById,
    projectClientId: row.clientId ?? null,
    type: row.type,
    inviteAll: row.inviteAll,
    invitedVendorIds: row.invited,
    openToVendors: row.openToVendors,
  };
  const managerIds = row.managerIds;
  const categories = row.vendorCategories ?? [];
  // The thread's vendor awaits approval without an approved profile, unless it is staff.
  const awaitingApproval = (named: { isStaff: boolean; isSuperuser: boolean }) =>
    !named.isStaff && !named.isSuperuser && !row.vendorApproved;

  if (user.type === 'vendor') {
    const viewer = {
      ...viewerOf(user),
      serviceCategories: categories,
      awaitingApproval: awaitingApproval(user),
    };
    if (!canViewRequest(viewer, visible)) throw forbidden(DENIED);
    return {
      requestId,
      vendorId: user.id,
      side: 'vendor',
      managerIds,
      recipients: toRecipients(row.recipients),
    };
  }
  if (!managerIds.includes(user.id)) throw forbidden(DENIED);
  if (vendorId === undefined) throw new HttpError(400, { errors: { vendor: ['This field is required.'] } });
  // A manager writes only to vendors who may see the request: anyone else would read about a
  // request they cannot open.
  const named = row.vendor;
  const vendorViewer: VisibilityViewer | null =
    named === null
      ? null
      : {
          id: named.id,
          type: 'vendor',
          isStaff: named.isStaff,
          isSuperuser: named.isSuperuser,
          clientId: named.clientId,
          serviceCategories: categories,
          awaitingApproval: awaitingApproval(named),
        };
  if (!vendorViewer || !canViewRequest(vendorViewer, visible)) {
    throw new HttpError(400, { errors: { vendor: ['This vendor cannot take part in this request.'] } });
  }
  return { requestId, vendorId, side: 'manager', managerIds, recipients: toRecipients(row.recipients) };
}

function viewerOf(user: UserRow): VisibilityViewer {
  return {
    id: user.id,
    type: user.type,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    clientId: user.clientId,
    serviceCategories: [],
    awaitingApproval: false,
  };
}
