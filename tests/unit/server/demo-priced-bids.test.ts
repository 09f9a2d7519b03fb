import { describe, expect, it } from 'vitest';
import { BIDS } from '#server/seed/demo-jobs-data.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';

// The demo's priced bids go straight into the table: they must be what the bid API would accept.
describe('the demo bids with line items or options', () => {
  const priced = BIDS.filter((bid) => bid.lineItems || bid.options);

  it('exist, so the comparison has something to show', () => {
    expect(priced.length).toBeGreaterThanOrEqual(2);
  });

  it.each(priced.map((bid) => [`${bid.vendor} on ${bid.job}`, bid] as const))(
    '%s passes the bid schema',
    (_name, bid) => {
      const start = '2027-01-04T09:00:00.000Z';
      const body = bid.options
        ? {
            proposed_start_date: start,
            options: bid.options.map((option) => ({
              label: option.label,
              amount: option.amount,
              estimated_time: option.estimatedTime,
              estimated_time_unit: option.unit,
              notes: option.notes,
              line_items: option.lineItems,
            })),
          }
        : {
            amount: bid.amount,
            estimated_time: bid.estimatedTime,
            proposed_start_date: start,
            line_items: bid.lineItems,
          };
      const parsed = bidInputSchema.parse(body);
      expect(parsed.amount).toBe(bid.amount);
      expect(parsed.estimated_time).toBe(bid.estimatedTime);
    },
  );
});
