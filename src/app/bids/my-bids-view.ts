import {
  nextColumnSort,
  orderingParam,
  readColumnSort,
  readPage,
  sortDirection,
} from '#app/ui/list-url-params.ts';
import { BID_ORDERING_FIELDS, type BidOrderingField } from '#shared/bid-schemas.ts';
import { BID_STATUSES, type BidStatus } from '#shared/statuses.ts';
import type { MyBidsView } from './api.ts';

/** My Bids' filter, sort and page from the URL (so reload and Back keep them); junk falls back to defaults. */
export function readMyBidsView(params: URLSearchParams): MyBidsView {
  const status = params.get('status') ?? '';
  return {
    status: (BID_STATUSES as readonly string[]).includes(status) ? (status as BidStatus) : null,
    ordering: orderingParam(readColumnSort(BID_ORDERING_FIELDS, params.get('ordering'))) || null,
    page: readPage(params.get('page')),
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
  return orderingParam(nextColumnSort(readColumnSort(BID_ORDERING_FIELDS, current), field)) || null;
}

export function orderingDirection(
  current: string | null,
  field: BidOrderingField,
): 'ascending' | 'descending' | null {
  return sortDirection(readColumnSort(BID_ORDERING_FIELDS, current), field);
}
