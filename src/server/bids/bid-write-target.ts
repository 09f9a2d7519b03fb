import { eq, sql } from 'drizzle-orm';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { reusedStatement } from '#server/db/reused-statement.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import type { BidTarget } from '#server/request-core/bid-access.ts';
import { apiError } from '#shared/api-errors.ts';
import { canViewRequest, type VisibilityViewer } from '#shared/request-visibility.ts';

const VENDOR_UNDER_REVIEW = apiError('VENDOR_UNDER_REVIEW');

/** What a bid write checks, read in one statement with the request row locked. */
export interface BidWriteTarget extends BidTarget {
  id: number;
  /** The certificate's expiry date (YYYY-MM-DD); null when none is on file. */
  insuranceExpiresOn: string | null;
  /** The vendor's own bid on the request, if any. */
  ownBidId: number | null;
}

const targetStatement = reusedStatement((db) =>
  db
    .select({
      createdById: mr.createdById,
      type: mr.type,
      inviteAll: mr.inviteAll,
      openToVendors: sql<boolean>`${mr.openedToVendorsAt} is not null`,
      status: mr.status,
      isOpenForBids: mr.isOpenForBids,
      bidDeadline: mr.bidDeadline,
      clientId: projects.clientId,
      invited: sql<boolean>`exists (
        select 1 from request_invitations i where i.request_id = ${mr.id} and i.vendor_id = ${sql.placeholder('vendorId')}
      )`,
      serviceCategories: vendorProfiles.serviceCategories,
      insuranceExpiresOn: vendorProfiles.insuranceExpiresOn,
      approvedAt: vendorProfiles.approvedAt,
      ownBidId: sql<
        number | null
      >`(select b.id from bids b where b.request_id = ${mr.id} and b.vendor_id = ${sql.placeholder('vendorId')})`,
    })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, sql.placeholder('vendorId')))
    .where(eq(mr.id, sql.placeholder('id')))
    // `of` the request only: PostgreSQL refuses FOR UPDATE on the nullable side of an outer join.
    .for('update', { of: mr })
    .prepare('fieldbid_bid_target'),
);

/**
 * The request a vendor's bid write is about, with everything the write checks: its visibility to
 * the vendor (the vendor's trades read now, not from its cached session), the vendor's insurance and
 * its own bid. One statement (POST bid took ten, each a round trip), holding the request
 * row FOR UPDATE until the transaction ends, as the award, close-bidding and cancel steps hold it: a
 * bid and such a step run one after the other. 404 for no such request, 403 VENDOR_UNDER_REVIEW
 * for a vendor staff have not approved, 403 when the vendor may not see it; the request takes bids
 * at `now` (the caller's clock, as the fast path's). Built once (db/reused-statement.ts).
 */
export async function loadBidWriteTarget(
  db: DbOrTx,
  user: UserRow,
  id: number,
  now: Date,
): Promise<BidWriteTarget> {
  const [row] = await targetStatement(db, { id, vendorId: user.id });
  if (!row) throw notFound('Request not found.');
  // A vendor staff have not approved bids on nothing (the SQL form: bid-place.ts's placeChecks).
  const awaitingApproval = !isStaff(user) && row.approvedAt === null;
  if (awaitingApproval) throw new HttpError(403, VENDOR_UNDER_REVIEW);
  const visible = {
    createdById: row.createdById,
    projectClientId: row.clientId ?? null,
    type: row.type,
    inviteAll: row.inviteAll,
    // Only whether this vendor is invited matters to a vendor's visibility.
    invitedVendorIds: row.invited ? [user.id] : [],
    openToVendors: row.openToVendors,
  };
  const viewer: VisibilityViewer = {
    id: user.id,
    type: user.type,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    clientId: user.clientId,
    serviceCategories: row.serviceCategories ?? [],
    awaitingApproval,
  };
  if (!canViewRequest(viewer, visible)) throw forbidden('You do not have permission to view this request.');
  return {
    id,
    visible,
    available:
      row.status === 'open' &&
      row.isOpenForBids &&
      (row.bidDeadline === null || row.bidDeadline.getTime() > now.getTime()),
    insuranceExpiresOn: row.insuranceExpiresOn,
    ownBidId: row.ownBidId === null ? null : Number(row.ownBidId),
  };
}
