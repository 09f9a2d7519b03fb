import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidTerms, bidTermChanges, offerText } from '#app/bids/bid-changes.ts';
import type { BidOptionBody } from '#shared/bid-line-items.ts';
import { pinDateDisplay } from '#shared/date-display.ts';

const plain = (amount: number, extra: Partial<BidTerms> = {}): BidTerms => ({
  amount,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  line_items: [],
  options: [],
  ...extra,
});

const option = (position: number, label: string, amount: number, extra: Partial<BidOptionBody> = {}) => ({
  position,
  label,
  amount,
  estimated_time: 2,
  estimated_time_unit: 'days' as const,
  notes: '',
  line_items: [],
  ...extra,
});

const withOptions = (...options: BidOptionBody[]): BidTerms => plain(options[0]!.amount, { options });

beforeAll(() => pinDateDisplay({ timeZone: 'UTC' }));
afterAll(() => pinDateDisplay({}));

describe('bidTermChanges', () => {
  it('names a re-priced plain bid', () => {
    expect(bidTermChanges(plain(900), plain(9000))).toEqual([
      { what: 'Amount', before: '$900', after: '$9,000' },
    ]);
  });

  it('names the option whose price changed, and only it', () => {
    const before = withOptions(option(1, 'Patch', 300), option(2, 'Replace the section', 900));
    const after = withOptions(option(1, 'Patch', 300), option(2, 'Replace the section', 9000));
    expect(bidTermChanges(before, after)).toEqual([
      { what: 'Option 2 “Replace the section”', before: '$900', after: '$9,000' },
    ]);
  });

  it('names an option added or dropped, and a renamed one', () => {
    const before = withOptions(option(1, 'Patch', 300), option(2, 'Replace', 900), option(3, 'All', 2400));
    const after = withOptions(option(1, 'Quick patch', 300), option(2, 'Replace', 900));
    expect(bidTermChanges(before, after)).toEqual([
      { what: 'Option 1 name', before: 'Patch', after: 'Quick patch' },
      { what: 'Option 3 “All”', before: '$2,400', after: 'No longer offered' },
    ]);
    expect(bidTermChanges(after, before)).toContainEqual({
      what: 'Option 3 “All”',
      before: 'Not offered',
      after: '$2,400',
    });
  });

  it('says when a plain bid became one with options', () => {
    const after = withOptions(option(1, 'Patch', 300), option(2, 'Replace', 900));
    expect(bidTermChanges(plain(900), after)).toEqual([
      { what: 'Offer', before: 'One price, $900', after: '2 options, $300–$900' },
    ]);
    expect(offerText(after)).toBe('2 options, $300–$900');
  });

  it('names time, line items, start and notes where both copies carry them', () => {
    const line = { description: 'Valve', quantity: 1, unit: 'each', unit_price: 90, total: 90 };
    const before = plain(90, {
      line_items: [line],
      proposed_start_date: '2030-01-07T09:00:00.000Z',
      notes: '',
    });
    const after = plain(90, {
      estimated_time: 1.5,
      estimated_time_unit: 'days',
      line_items: [{ ...line, description: 'Brass valve' }],
      proposed_start_date: '2030-01-09T09:00:00.000Z',
      notes: 'Parts included.',
    });
    expect(bidTermChanges(before, after)).toEqual([
      { what: 'Time', before: '3 hours', after: '1.5 days' },
      { what: 'Line items', before: '1 line item, $90', after: '1 line item, $90 (changed)' },
      { what: 'Start', before: 'Jan 7, 2030', after: 'Jan 9, 2030' },
      { what: 'Notes', before: 'None', after: 'Parts included.' },
    ]);
    // A copy without notes or start (the request detail's bid) leaves them out.
    expect(bidTermChanges(plain(90), after).map((change) => change.what)).toEqual(['Time', 'Line items']);
  });

  it('finds nothing between the same terms', () => {
    const terms = withOptions(option(1, 'Patch', 300), option(2, 'Replace', 900));
    expect(bidTermChanges(terms, structuredClone(terms))).toEqual([]);
  });
});
