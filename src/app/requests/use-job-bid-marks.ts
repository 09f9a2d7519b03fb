import { useMemo } from 'react';
import { type JobBidMark, jobBidMarks } from '#app/bids/job-bid-marks.ts';
import { useNewestOwnBids } from '#app/bids/newest-own-bids.ts';
import { useOutboxItems } from '#app/offline/outbox-hooks.ts';

/**
 * The vendor's own bid on each job, from what the app already holds: My Bids' answer (cached by
 * TanStack Query and kept offline) and the bids waiting in the outbox. The jobs list's query is left
 * as it is (the server's busiest read); `enabled` is false while the list says the vendor is under
 * review (it has no bids then).
 */
export function useJobBidMarks(enabled: boolean): ReadonlyMap<number, JobBidMark> {
  const placed = useNewestOwnBids(enabled).data?.results;
  const outbox = useOutboxItems();
  return useMemo(() => jobBidMarks(placed ?? [], outbox), [placed, outbox]);
}
