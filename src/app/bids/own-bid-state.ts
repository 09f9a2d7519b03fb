import type { OutboxItem } from '#app/offline/user-db.ts';
import { queuedBidPriceText } from './bid-price-text.ts';

/** A bid write kept in the outbox (a new bid or a change to one). */
export const isQueuedBid = (item: OutboxItem) => item.kind === 'bid.create' || item.kind === 'bid.update';

/**
 * What the vendor's "Your bid" says when the server lists no bid of its own on the request. A bid
 * this phone holds for sending is the vendor's bid, not "no bid": it is named with its price and
 * whether it is still waiting (Pending sync) or was refused (to be fixed in the Outbox).
 */
export function noServerBidText(request: { is_own_report: boolean }, queued: readonly OutboxItem[]): string {
  if (request.is_own_report) return 'You reported this request, so you do not bid on it.';
  const bid = queued.find((item) => item.kind === 'bid.create') ?? queued.find(isQueuedBid);
  if (!bid) return 'You have not bid on this request yet.';
  const price = queuedBidPriceText(bid.body);
  const yours = price ? `Your ${price} bid` : 'Your bid';
  return bid.state === 'refused'
    ? `${yours} was not sent: the server refused it. Edit or discard it in the Outbox.`
    : `${yours} is saved on this phone and is sent when you are back online (Pending sync).`;
}
