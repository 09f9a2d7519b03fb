import type { OutboxItem } from '#app/offline/user-db.ts';
import type { MyBidItem } from '#shared/bid-responses.ts';
import { bidPriceText, queuedBidPriceText } from './bid-price-text.ts';
import { isQueuedBid } from './own-bid-state.ts';

/**
 * The vendor's own bid on a job, as Available Jobs marks it: one the server holds (editable while
 * pending), or one this phone still holds for sending (its write wins: it is the newer word).
 */
export type JobBidMark =
  | { kind: 'placed'; bidId: number; status: MyBidItem['status']; price: string }
  | { kind: 'queued'; refused: boolean; price: string };

/** Marks by request id, from My Bids' answer and the outbox's bid writes. */
export function jobBidMarks(
  placed: readonly MyBidItem[],
  outbox: readonly OutboxItem[],
): Map<number, JobBidMark> {
  const marks = new Map<number, JobBidMark>();
  for (const bid of placed) {
    marks.set(bid.request_id, {
      kind: 'placed',
      bidId: bid.id,
      status: bid.status,
      price: bidPriceText(bid),
    });
  }
  for (const item of outbox) {
    if (!isQueuedBid(item) || item.requestId === null) continue;
    marks.set(item.requestId, {
      kind: 'queued',
      refused: item.state === 'refused',
      price: queuedBidPriceText(item.body),
    });
  }
  return marks;
}
