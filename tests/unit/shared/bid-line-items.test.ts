import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineItemInputSchema,
  lineItemsAmount,
  lineItemTotal,
  MAX_LINE_QUANTITY,
  MAX_UNIT_PRICE,
} from '#shared/bid-line-items.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';
import { LINE_ITEM_UNITS } from '#shared/line-item-units.ts';

// The stated rule (src/shared/bid-line-items.ts): quantity and unit price have at most two
// decimals; a line's total is their product rounded half up to the whole dollar; an amount with
// line items is exactly the sum of the totals.

/** A number of at most two decimals in [min, max], drawn as whole hundredths. */
const hundredths = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);

const quantity = hundredths(0.01, MAX_LINE_QUANTITY);
const unitPrice = hundredths(0, MAX_UNIT_PRICE);
const line = fc.record({
  description: fc.constantFrom('Patch drywall', 'Baseboard', 'Labour'),
  quantity,
  unit: fc.constantFrom(...LINE_ITEM_UNITS),
  unit_price: unitPrice,
});

/** The exact rule with integers only: product in ten-thousandths of a dollar, half up. */
function exactTotal(q: number, p: number): number {
  const product = BigInt(Math.round(q * 100)) * BigInt(Math.round(p * 100));
  return Number((product + 5_000n) / 10_000n);
}

describe('lineItemTotal', () => {
  it('is the product rounded half up to the whole dollar, exactly', () => {
    fc.assert(
      fc.property(quantity, unitPrice, (q, p) => {
        expect(lineItemTotal(q, p)).toBe(exactTotal(q, p));
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds halves up where binary floating point would not', () => {
    expect(lineItemTotal(80.25, 4.5)).toBe(361); // 361.125
    expect(lineItemTotal(1.5, 1)).toBe(2); // 1.50 rounds up
    expect(lineItemTotal(0.5, 0.99)).toBe(0); // 0.495
    // 14.50 exactly; as floats 1.16 * 12.5 is 14.499999999999998, which Math.round takes down.
    expect(lineItemTotal(1.16, 12.5)).toBe(15);
    expect(Math.round(1.16 * 12.5)).toBe(14);
  });
});

describe('a bid with line items', () => {
  const start = '2027-01-04T09:00:00.000Z';

  it('has the sum of its line totals as its amount, and the schema sets each total', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (items) => {
        const sum = items.reduce((total, item) => total + exactTotal(item.quantity, item.unit_price), 0);
        expect(lineItemsAmount(items)).toBe(sum);
        const parsed = bidInputSchema.safeParse({
          amount: sum,
          estimated_time: 1,
          proposed_start_date: start,
          line_items: items,
        });
        if (sum > 100_000_000) {
          expect(parsed.success).toBe(false);
          return;
        }
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.amount).toBe(sum);
        expect(parsed.data.line_items.map((item) => item.total)).toEqual(
          items.map((item) => exactTotal(item.quantity, item.unit_price)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is refused with any other amount', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 1_000 }),
        (items, offset) => {
          const parsed = bidInputSchema.safeParse({
            amount: lineItemsAmount(items) + offset,
            estimated_time: 1,
            proposed_start_date: start,
            line_items: items,
          });
          expect(parsed.success).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a line total that breaks the rule', () => {
    const item = { description: 'Patch', quantity: 80.25, unit: 'sq_ft', unit_price: 4.5 };
    expect(lineItemInputSchema.safeParse({ ...item, total: 361 }).success).toBe(true);
    expect(lineItemInputSchema.safeParse({ ...item, total: 362 }).success).toBe(false);
  });
});
