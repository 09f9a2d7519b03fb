import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readAnswer } from '#app/lib/api-client.ts';
import { ApiError } from '#app/lib/api-error.ts';
import { listStore, offlineQueryFn } from '#app/offline/offline-query.ts';
import { submitThroughOutbox } from '#app/offline/outbox-api.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import { ERROR_MESSAGES } from '#shared/api-errors.ts';
import { type BidBody, bidBodySchema, bidHistorySchema, myBidPageSchema } from '#shared/bid-responses.ts';
import type { BidInput } from '#shared/bid-schemas.ts';
import type { BidStatus } from '#shared/statuses.ts';
import { bidWireBody } from './bid-wire-body.ts';
import { newestOwnBidsKey } from './newest-own-bids.ts';

export const bidKeys = {
  all: ['bids'] as const,
  one: (bidId: number) => [...bidKeys.all, 'one', bidId] as const,
  history: (bidId: number) => [...bidKeys.all, 'history', bidId] as const,
  mine: (view: MyBidsView) => [...bidKeys.all, 'mine', view] as const,
  /** The vendor's newest bids in one answer, for marking the jobs it bid on (newest-own-bids.ts). */
  newest: newestOwnBidsKey,
};

export interface BidSubmission {
  requestId: number;
  /** 'update' edits the vendor's existing bid (PUT), 'create' places a new one (POST). */
  mode: 'create' | 'update';
  input: BidInput;
  /**
   * The form's key for this submission. The outbox gives each queued write its own key and keeps it
   * across every replay, so this one is not sent; it still tells the form when a retry is the same.
   */
  idempotencyKey: string;
  /**
   * The request is the vendor's own report (is_own_report): refused here as the server would refuse
   * it (OWN_REQUEST), and never queued, so no write waits in the outbox only to be turned down later.
   */
  ownReport?: boolean;
}

/** A bid the server took (`saved`), or one kept on this device to be sent when back online. */
export type BidSubmitResult = { kind: 'saved'; bid: BidBody } | { kind: 'queued' };

/**
 * The one write of a bid (POST or PUT /api/requests/{id}/bid/), routed through the offline outbox:
 * a refusal throws the ApiError a direct call would have, so the dialog keeps its error views.
 */
export async function submitBid(submission: BidSubmission): Promise<BidSubmitResult> {
  if (submission.ownReport) {
    throw new ApiError({ status: 403, code: 'OWN_REQUEST', serverMessage: ERROR_MESSAGES.OWN_REQUEST });
  }
  const update = submission.mode === 'update';
  const method = update ? 'PUT' : 'POST';
  const path = `/api/requests/${submission.requestId}/bid/`;
  const result = await submitThroughOutbox({
    kind: update ? 'bid.update' : 'bid.create',
    method,
    path,
    body: { ...bidWireBody(submission.input) },
    requestId: submission.requestId,
    label: `${update ? 'Bid change' : 'Bid'} on request #${submission.requestId}`,
  });
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return { kind: 'saved', bid: readAnswer(bidBodySchema, result.body, { method, path }) };
}

/** Everything a bid changes on other screens: My Bids, the dashboard, the jobs and request detail. */
function useRefreshAfterBid() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bidKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['requests'] }),
    ]);
}

export function useSubmitBid() {
  const refresh = useRefreshAfterBid();
  return useMutation({ mutationFn: submitBid, onSuccess: refresh });
}

/** GET /api/bids/{id}/: the bid to edit after 'Modify Existing Bid'. */
export function useBid(bidId: number | null) {
  return useQuery({
    queryKey: bidKeys.one(bidId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/bids/${bidId}/`, { schema: bidBodySchema, signal }),
    enabled: bidId !== null,
    // The form must start from what the server holds now, not from a cached copy.
    staleTime: 0,
  });
}

/** GET /api/bids/{id}/history/: every version of the bid's terms, read when `enabled` (opened). */
export function useBidHistory(bidId: number, enabled: boolean) {
  return useQuery({
    queryKey: bidKeys.history(bidId),
    queryFn: ({ signal }) => apiRequest(`/api/bids/${bidId}/history/`, { schema: bidHistorySchema, signal }),
    enabled,
    // What the vendor changed last matters most: never shown from an older copy.
    staleTime: 0,
  });
}

export interface MyBidsView {
  status: BidStatus | null;
  ordering: string | null;
  page: number;
}

/** GET /api/vendor/bids/ for My Bids. */
export function useMyBids(view: MyBidsView) {
  const queryKey = bidKeys.mine(view);
  return useQuery({
    queryKey,
    meta: { answer: 'myBidPage' },
    // Offline, the page as last fetched answers (bids readable offline).
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/vendor/bids/', {
          schema: myBidPageSchema,
          signal,
          query: { status: view.status, ordering: view.ordering, page: view.page, page_size: 10 },
        }),
      listStore(myBidPageSchema, queryKey),
    ),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/vendor/bids/ as one page of the vendor's newest bids (the list's cap), for Available
 * Jobs to mark the jobs already bid on. My Bids' own answer, so the jobs list's query stays as it
 * is; kept offline like My Bids' pages. Older bids are on jobs long past bidding.
 */
/** POST /api/bids/{id}/withdraw/. */
export function useWithdrawBid() {
  const refresh = useRefreshAfterBid();
  return useMutation({
    mutationFn: (bidId: number) =>
      apiRequest(`/api/bids/${bidId}/withdraw/`, { schema: bidBodySchema, method: 'POST' }),
    onSuccess: refresh,
  });
}
