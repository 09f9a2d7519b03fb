import { describe, expect, it } from 'vitest';
import { noServerBidText } from '#app/bids/own-bid-state.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';

const queuedBid = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  seq: 1,
  key: 'k-1',
  kind: 'bid.create',
  method: 'POST',
  path: '/api/requests/12/bid/',
  body: { amount: 725, estimated_time: 2, estimated_time_unit: 'days' },
  photos: [],
  requestId: 12,
  label: 'Bid on request #12',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  lastFailure: null,
  refusal: null,
  ...over,
});

const request = { is_own_report: false };

describe('"Your bid" on the request when the server lists none of the vendor\'s', () => {
  it('says the vendor has not bid when nothing waits on this phone', () => {
    expect(noServerBidText(request, [])).toBe('You have not bid on this request yet.');
  });

  it("names a bid waiting in the outbox as the vendor's bid, pending sync, with its price", () => {
    const text = noServerBidText(request, [queuedBid()]);
    expect(text).not.toContain('You have not bid');
    expect(text).toBe(
      'Your $725 bid is saved on this phone and is sent when you are back online (Pending sync).',
    );
  });

  it('says a refused bid was not sent and where to fix it', () => {
    const refused = queuedBid({
      state: 'refused',
      refusal: { status: 409, code: null, message: 'No.', fieldErrors: {} },
    });
    expect(noServerBidText(request, [refused])).toBe(
      'Your $725 bid was not sent: the server refused it. Edit or discard it in the Outbox.',
    );
  });

  it('keeps the own-report sentence for the vendor that reported the request', () => {
    expect(noServerBidText({ is_own_report: true }, [queuedBid()])).toBe(
      'You reported this request, so you do not bid on it.',
    );
  });
});
