import { isApiError } from '#app/lib/api-error.ts';
import { duplicateBidErrorSchema, ERROR_MESSAGES } from '#shared/api-errors.ts';

/** What the bid dialog's error view shows for a failed submission (signed-in spec, section 8). */
export type BidErrorView =
  | { kind: 'duplicate'; title: string; message: string; bidId: number | null }
  | { kind: 'unavailable'; title: string; message: string }
  | { kind: 'insurance'; title: string; message: string }
  | { kind: 'other'; title: string; message: string };

export const BID_FAILURE = 'An error occurred while submitting your bid. Please try again.';
export const BID_LOAD_FAILURE = 'Failed to load bid details. Please try again.';

/** The bid a DUPLICATE_BID answer names, read through the shared error schema; null without one. */
function duplicateBidId(body: unknown): number | null {
  const parsed = duplicateBidErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.bidId : null;
}

/** The texts are the server's own (src/shared/api-errors.ts), so the two cannot drift apart. */
export function bidErrorView(error: unknown): BidErrorView {
  const code = isApiError(error) ? error.code : null;
  if (code === 'DUPLICATE_BID') {
    return {
      kind: 'duplicate',
      title: 'Bid Already Submitted',
      message: ERROR_MESSAGES.DUPLICATE_BID,
      bidId: isApiError(error) ? duplicateBidId(error.body) : null,
    };
  }
  if (code === 'REQUEST_UNAVAILABLE') {
    return { kind: 'unavailable', title: 'Request Unavailable', message: ERROR_MESSAGES.REQUEST_UNAVAILABLE };
  }
  if (code === 'INSURANCE_EXPIRED') {
    return {
      kind: 'insurance',
      title: 'Insurance Expired',
      message: (isApiError(error) && error.serverMessage) || ERROR_MESSAGES.INSURANCE_EXPIRED,
    };
  }
  // Field errors are shown under the fields instead; this is for everything else.
  const detail = isApiError(error) && !error.isNetworkError ? error.serverMessage : null;
  return { kind: 'other', title: 'Error', message: detail ?? BID_FAILURE };
}
