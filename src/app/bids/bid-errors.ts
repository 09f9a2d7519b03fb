import { isApiError } from '#app/lib/api-error.ts';

/** What the bid dialog's error view shows for a failed submission (signed-in spec, section 8). */
export type BidErrorView =
  | { kind: 'duplicate'; title: string; message: string; bidId: number | null }
  | { kind: 'unavailable'; title: string; message: string }
  | { kind: 'insurance'; title: string; message: string }
  | { kind: 'other'; title: string; message: string };

export const BID_FAILURE = 'An error occurred while submitting your bid. Please try again.';
export const BID_LOAD_FAILURE = 'Failed to load bid details. Please try again.';
const INSURANCE_FALLBACK =
  'Your insurance certificate has expired. Upload a current certificate in Settings before bidding.';

function bidIdOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || !('bidId' in body)) return null;
  const id = (body as { bidId: unknown }).bidId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export function bidErrorView(error: unknown): BidErrorView {
  const code = isApiError(error) ? error.code : null;
  if (code === 'DUPLICATE_BID') {
    return {
      kind: 'duplicate',
      title: 'Bid Already Submitted',
      message: 'You have already submitted a bid for this request.',
      bidId: isApiError(error) ? bidIdOf(error.body) : null,
    };
  }
  if (code === 'REQUEST_UNAVAILABLE') {
    return {
      kind: 'unavailable',
      title: 'Request Unavailable',
      message: "We're sorry, but this request is no longer available.",
    };
  }
  if (code === 'INSURANCE_EXPIRED') {
    return {
      kind: 'insurance',
      title: 'Insurance Expired',
      message: (isApiError(error) && error.serverMessage) || INSURANCE_FALLBACK,
    };
  }
  // Field errors are shown under the fields instead; this is for everything else.
  const detail = isApiError(error) && !error.isNetworkError ? error.serverMessage : null;
  return { kind: 'other', title: 'Error', message: detail ?? BID_FAILURE };
}
