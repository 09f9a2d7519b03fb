import { BID_ORDERING_FIELDS, type BidOrderingField } from '#shared/bid-schemas.ts';
import { BID_STATUSES, type BidStatus } from '#shared/statuses.ts';
import type { MyBidsView } from './api.ts';

/** My Bids' filter, sort and page from the URL (so reload and Back keep them); junk falls back to defaults. */
export function readMyBidsView(params: URLSearchParams): MyBidsView {
  const status = params.get('status') ?? '';
  const ordering = params.get('ordering') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (BID_STATUSES as readonly string[]).includes(status) ? (status as BidStatus) : null,
    ordering: (BID_ORDERING_FIELDS as readonly string[]).includes(ordering.replace(/^-/, ''))
      ? ordering
      : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeMyBidsView(view: MyBidsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.ordering) params.set('ordering', view.ordering);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** Ascending, then descending, then the default order (newest first). */
export function nextBidOrdering(current: string | null, field: BidOrderingField): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

export function orderingDirection(
  current: string | null,
  field: BidOrderingField,
): 'ascending' | 'descending' | null {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return null;
}
