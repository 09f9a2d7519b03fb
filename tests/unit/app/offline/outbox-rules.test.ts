import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, parseRetryAfter } from '#app/offline/outbox-backoff.ts';
import { classifyAnswer } from '#app/offline/outbox-outcome.ts';
import { fitWithin } from '#app/offline/photo-resize.ts';

describe('how the outbox reads an answer', () => {
  it('2xx acknowledges, 401 pauses, 408/425/429/5xx retry, other 4xx are refusals', () => {
    expect(classifyAnswer(201, { id: 1 }, null)).toEqual({ kind: 'acknowledged', body: { id: 1 } });
    expect(classifyAnswer(401, null, null).kind).toBe('unauthorized');
    for (const status of [408, 425, 429, 500, 502, 503])
      expect(classifyAnswer(status, null, null).kind).toBe('transient');
    for (const status of [400, 403, 404, 409, 422])
      expect(classifyAnswer(status, {}, null).kind).toBe('refused');
  });

  it("keeps the server's reason, code and field messages", () => {
    expect(classifyAnswer(409, { detail: 'Bid exists.', code: 'DUPLICATE_BID', bidId: 4 }, null)).toEqual({
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'DUPLICATE_BID',
        message: 'Bid exists.',
        fieldErrors: {},
        // The whole answer travels with the refusal so the form can offer 'Modify Existing Bid'.
        body: { detail: 'Bid exists.', code: 'DUPLICATE_BID', bidId: 4 },
      },
    });
    expect(classifyAnswer(400, { errors: { amount: ['Too low.'] } }, null)).toEqual({
      kind: 'refused',
      refusal: {
        status: 400,
        code: null,
        message: 'Too low.',
        fieldErrors: { amount: ['Too low.'] },
        body: { errors: { amount: ['Too low.'] } },
      },
    });
  });
});

describe('backoff', () => {
  it('doubles from 2 s, is capped at 5 minutes and jitters within half a step', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 1))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(3, () => 0)).toBe(4000);
  });

  it("never retries before the server's Retry-After", () => {
    expect(backoffDelay(1, () => 1, 30_000)).toBe(30_000);
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });
});

describe('photo size', () => {
  it('scales the longer edge down to 2048 px, keeping proportions', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin({ width: 8000, height: 10 })).toEqual({ width: 2048, height: 3 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 2048, height: 2048 })).toEqual({ width: 2048, height: 2048 });
  });

  it('refuses an image without size', () => {
    expect(() => fitWithin({ width: 0, height: 10 })).toThrow();
  });
});
