import { describe, expect, it } from 'vitest';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { BID_FAILURE, bidErrorView } from '#app/bids/bid-errors.ts';
import {
  bidFormFrom,
  bidPayload,
  EMPTY_BID_FORM,
  keyForSubmission,
  validateBidForm,
} from '#app/bids/bid-form-values.ts';
import { networkError, parseApiError } from '#app/lib/api-error.ts';

describe('bid error views (signed-in spec, section 8)', () => {
  it('offers Modify Existing Bid for a duplicate, with the bid id from the answer', () => {
    const view = bidErrorView(
      parseApiError(409, { code: 'DUPLICATE_BID', bidId: 42, detail: 'You have already submitted a bid.' }),
    );
    expect(view).toEqual({
      kind: 'duplicate',
      title: 'Bid Already Submitted',
      message: 'You have already submitted a bid for this request.',
      bidId: 42,
    });
  });

  it('has no bid to modify when the answer names none', () => {
    expect(bidErrorView(parseApiError(409, { code: 'DUPLICATE_BID', bidId: 0 }))).toMatchObject({
      bidId: null,
    });
  });

  it('explains an unavailable request and an expired insurance', () => {
    expect(bidErrorView(parseApiError(409, { code: 'REQUEST_UNAVAILABLE' }))).toEqual({
      kind: 'unavailable',
      title: 'Request Unavailable',
      message: "We're sorry, but this request is no longer available.",
    });
    expect(
      bidErrorView(parseApiError(403, { code: 'INSURANCE_EXPIRED', detail: 'Your certificate expired.' })),
    ).toMatchObject({ kind: 'insurance', message: 'Your certificate expired.' });
  });

  it("shows another failure's detail under 'Error', or the spec's fallback", () => {
    expect(bidErrorView(parseApiError(403, { detail: 'Nope.' }))).toEqual({
      kind: 'other',
      title: 'Error',
      message: 'Nope.',
    });
    expect(bidErrorView(parseApiError(500, null)).message).toBe(BID_FAILURE);
    expect(bidErrorView(networkError(new Error('offline'))).message).toBe(BID_FAILURE);
  });
});

describe('bid form values', () => {
  const filled = {
    ...EMPTY_BID_FORM,
    amount: 450,
    estimated_time: 2.5,
    estimated_time_unit: 'days' as const,
    proposed_start_date: '2027-01-04 09:00:00',
    notes: '  Parts included.  ',
  };

  it('needs amount, estimated time and start date, with the shared messages', () => {
    expect(validateBidForm(EMPTY_BID_FORM)).toEqual({
      amount: 'This field is required.',
      estimated_time: 'This field is required.',
      proposed_start_date: 'This field is required.',
    });
  });

  it('refuses cents in the amount and more than 2 decimals of time', () => {
    expect(validateBidForm({ ...filled, amount: 10.5, estimated_time: 1.234 })).toEqual({
      amount: 'Ensure the amount is a whole number.',
      estimated_time: 'Ensure that there are no more than 2 decimal places.',
    });
  });

  it('sends the start as an ISO moment and the notes trimmed', () => {
    const payload = bidPayload(filled);
    expect(payload).toMatchObject({
      amount: 450,
      estimated_time: 2.5,
      estimated_time_unit: 'days',
      notes: 'Parts included.',
    });
    // The picker's local time, whatever this machine's zone, read back to the same local time.
    expect(new Date(payload.proposed_start_date as string).getHours()).toBe(9);
    expect(payload.proposed_start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('fills the edit form from a loaded bid, round-tripping the start date', () => {
    const values = bidFormFrom({
      id: 7,
      amount: 300,
      estimated_time: 1.5,
      estimated_time_unit: 'days',
      proposed_start_date: '2027-02-01T15:30:00.000Z',
      notes: 'Patch only.',
      status: 'pending',
      request_id: 3,
      line_items: [],
      options: [],
    });
    expect(values).toMatchObject({
      amount: 300,
      estimated_time: 1.5,
      estimated_time_unit: 'days',
      notes: 'Patch only.',
    });
    expect(bidPayload(values).proposed_start_date).toBe('2027-02-01T15:30:00.000Z');
  });
});

describe('Idempotency-Key per submission', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('keeps the key while the same payload is retried and changes it when the payload changes', () => {
    const first = keyForSubmission(null, 'payload-a', newKey);
    expect(keyForSubmission(first, 'payload-a', newKey)).toBe(first);
    const second = keyForSubmission(first, 'payload-b', newKey);
    expect(second.key).not.toBe(first.key);
  });
});

describe('bid display', () => {
  it('names the time unit', () => {
    expect(timeWithUnit(1, 'days')).toBe('1 day');
    expect(timeWithUnit('2.50', 'hours')).toBe('2.5 hours');
  });
});
