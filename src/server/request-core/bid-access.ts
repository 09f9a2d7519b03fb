import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import type { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';
import type { BidBody } from '#shared/bid-responses.ts';
import type { VisibleRequest } from '#shared/request-visibility.ts';
import { pricedBody } from './priced-bid.ts';

type BidRow = typeof bids.$inferSelect;

export const REQUEST_UNAVAILABLE = apiError('REQUEST_UNAVAILABLE');
export const BID_NOT_FOUND = 'Bid not found.';

export interface BidTarget {
  visible: VisibleRequest;
  /** Open, open for bids, and its deadline (if any) still ahead (signed-in spec, section 2). */
  available: boolean;
}

/**
 * Loads a request for a bid call: 404 when the id names none. With `lock` (every bid write) the
 * request row is held FOR UPDATE until the transaction ends, as the award, close-bidding and cancel
 * steps hold it (runLifecycleStep): a bid and such a step run one after the other, so a bid is
 * either in before the step (and the step decides it) or sees the step's result and is refused.
 */
export async function loadBidTarget(
  db: DbOrTx,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<BidTarget & { id: number }> {
  const query = db
    .select({ request: mr, clientId: projects.clientId })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .where(eq(mr.id, id));
  // `of` the request only: PostgreSQL refuses FOR UPDATE on the nullable side of the outer join.
  const [row] = lock ? await query.for('update', { of: mr }) : await query;
  if (!row) throw notFound('Request not found.');
  const invitations = await db
    .select({ vendorId: requestInvitations.vendorId })
    .from(requestInvitations)
    .where(eq(requestInvitations.requestId, id));
  const r = row.request;
  return {
    id,
    visible: {
      createdById: r.createdById,
      projectClientId: row.clientId ?? null,
      type: r.type,
      inviteAll: r.inviteAll,
      invitedVendorIds: invitations.map((i) => i.vendorId),
      openToVendors: r.openedToVendorsAt !== null,
    },
    available:
      r.status === 'open' &&
      r.isOpenForBids &&
      (r.bidDeadline === null || r.bidDeadline.getTime() > Date.now()),
  };
}

/** The day a vendor's insurance must still cover (a certificate is valid through its expiry date). */
export const insuranceDay = (now: Date) => now.toISOString().slice(0, 10);

export function requireAvailable(target: BidTarget): void {
  if (!target.available) throw new HttpError(409, REQUEST_UNAVAILABLE);
}

/** The columns of a bid its answer shows. */
type AnsweredColumns =
  | 'id'
  | 'version'
  | 'amount'
  | 'estimatedTime'
  | 'estimatedTimeUnit'
  | 'proposedStartDate'
  | 'notes'
  | 'status'
  | 'requestId'
  | 'lineItems'
  | 'options';

/** The bid as the spec's calls answer it (signed-in spec, section 7). */
export function bidBody(bid: Pick<BidRow, AnsweredColumns>): BidBody {
  return {
    id: bid.id,
    version: bid.version,
    amount: bid.amount,
    estimated_time: Number(bid.estimatedTime),
    estimated_time_unit: bid.estimatedTimeUnit,
    proposed_start_date: bid.proposedStartDate.toISOString(),
    notes: bid.notes,
    status: bid.status,
    request_id: bid.requestId,
    ...pricedBody(bid),
  };
}
