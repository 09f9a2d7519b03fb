import { describe, expect, it } from 'vitest';
import { bidPriceText, queuedBidPriceText } from '#app/bids/bid-price-text.ts';

describe('a bid price as My Bids and the Withdraw dialog show it', () => {
  it('shows a one-price bid as its amount', () => {
    expect(bidPriceText({ amount: 725, option_amounts: [] })).toBe('$725');
  });

  it('shows a bid with options as the span of its options and their count, never one figure', () => {
    const text = bidPriceText({ amount: 1763, option_amounts: [295, 2400, 1068] });
    expect(text).toBe('$295–$2,400, 3 options');
    expect(text).not.toContain('$1,763');
  });

  it('shows options of one price once, still counted', () => {
    expect(bidPriceText({ amount: 500, option_amounts: [500, 500] })).toBe('$500, 2 options');
  });

  it('reads a queued bid body: a plain amount or its options', () => {
    expect(queuedBidPriceText({ amount: 725, estimated_time: 2 })).toBe('$725');
    expect(queuedBidPriceText({ options: [{ amount: 295 }, { amount: 2400 }, { amount: 1068 }] })).toBe(
      '$295–$2,400, 3 options',
    );
    expect(queuedBidPriceText({ notes: '' })).toBe('');
  });
});
