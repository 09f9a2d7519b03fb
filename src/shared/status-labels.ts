import { BID_STATUSES, type BidStatus, REQUEST_STATUS_LABELS } from './statuses.ts';

export { REQUEST_STATUS_LABELS };

/** 'Pending', 'Accepted', ... as the badges and the My Bids filter show them. */
export const BID_STATUS_LABELS = Object.fromEntries(
  BID_STATUSES.map((status) => [status, status[0]!.toUpperCase() + status.slice(1)]),
) as Record<BidStatus, string>;

/** The jobs list's invited vendors column (signed-in spec, section 2): 'N invited', none is 'Open to all'. */
export function invitedVendorsText(invitedVendors: readonly number[]): string {
  return invitedVendors.length === 0 ? 'Open to all' : `${invitedVendors.length} invited`;
}
