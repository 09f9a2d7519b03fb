import { describe, expect, it } from 'vitest';
import {
  bidComparison,
  type ComparableBid,
  type ComparedLineItem,
  comparisonColumns,
  comparisonRows,
} from '#app/requests/bid-comparison-rows.ts';
import { lineItemTotal } from '#shared/bid-line-items.ts';
import type { LineItemUnit } from '#shared/line-item-units.ts';

const line = (
  description: string,
  quantity: number,
  unit: LineItemUnit,
  unitPrice: number,
): ComparedLineItem => ({
  description,
  quantity,
  unit,
  unit_price: unitPrice,
  total: lineItemTotal(quantity, unitPrice),
});

const plain = (
  id: number,
  vendor: string,
  items: ComparedLineItem[],
  extra: Partial<ComparableBid> = {},
): ComparableBid => ({
  id,
  vendor_name: vendor,
  status: 'pending',
  amount: items.reduce((sum, item) => sum + item.total, 0),
  estimated_time: 2,
  estimated_time_unit: 'days',
  line_items: items,
  options: [],
  ...extra,
});

const option = (position: number, label: string, items: ComparedLineItem[]) => ({
  position,
  label,
  amount: items.reduce((sum, item) => sum + item.total, 0),
  estimated_time: position,
  estimated_time_unit: 'days' as const,
  line_items: items,
});

/** Each row as [description, quantity per column (null where absent), measured differently]. */
const table = (bids: ComparableBid[]) =>
  comparisonRows(comparisonColumns(bids)).map((row) => [
    row.description,
    row.cells.map((cell) => (cell ? `${cell.quantity} ${cell.unit}` : null)),
    row.measuredDifferently,
  ]);

describe('comparisonColumns', () => {
  it('makes a plain bid one column and a bid with options one column per option', () => {
    const columns = comparisonColumns([
      plain(1, 'Acme Plumbing', [line('Patch', 10, 'sq_ft', 5)]),
      plain(2, 'Best Drywall', [line('Patch', 10, 'sq_ft', 5)], {
        // The top-level lines of a bid with options are its first option's: not a column of their own.
        options: [
          option(2, 'Replace the section', [line('New board', 32, 'sq_ft', 6)]),
          option(1, 'Patch', [line('Patch', 12, 'sq_ft', 4)]),
        ],
      }),
      plain(3, 'Gone Vendor', [line('Patch', 1, 'sq_ft', 1)], { status: 'withdrawn' }),
    ]);
    expect(columns.map((column) => [column.heading, column.bidId, column.option])).toEqual([
      ['Acme Plumbing', 1, null],
      ['Best Drywall — Patch', 2, 1],
      ['Best Drywall — Replace the section', 2, 2],
    ]);
    expect(columns[2]?.amount).toBe(192);
    expect(columns[1]?.estimated_time).toBe(1);
  });
});

describe('comparisonRows', () => {
  it('matches line items by description, ignoring case and spacing', () => {
    expect(
      table([
        plain(1, 'A', [line('Drywall patch', 80, 'sq_ft', 4), line('Paint', 80, 'sq_ft', 2)]),
        plain(2, 'B', [line('  PAINT ', 80, 'sq_ft', 3), line('drywall   Patch', 80, 'sq_ft', 5)]),
      ]),
    ).toEqual([
      ['Drywall patch', ['80 sq_ft', '80 sq_ft'], false],
      ['Paint', ['80 sq_ft', '80 sq_ft'], false],
    ]);
  });

  it('matches leftovers by unit when each column holds exactly one in that unit', () => {
    expect(
      table([
        plain(1, 'A', [line('Ceiling drywall', 80, 'sq_ft', 4), line('Labour', 6, 'hours', 60)]),
        plain(2, 'B', [line('Replace board', 96, 'sq_ft', 3), line('Labour', 5, 'hours', 70)]),
      ]),
    ).toEqual([
      ['Ceiling drywall', ['80 sq_ft', '96 sq_ft'], true],
      ['Labour', ['6 hours', '5 hours'], true],
    ]);
  });

  it('leaves items alone when a unit is ambiguous or only one column has it', () => {
    expect(
      table([
        plain(1, 'A', [
          line('Wall', 40, 'sq_ft', 4),
          line('Ceiling', 80, 'sq_ft', 4),
          line('Trim', 12, 'ft', 3),
        ]),
        plain(2, 'B', [line('Board', 120, 'sq_ft', 3), line('Haul away', 1, 'each', 90)]),
      ]),
    ).toEqual([
      ['Wall', ['40 sq_ft', null], false],
      ['Ceiling', ['80 sq_ft', null], false],
      ['Trim', ['12 ft', null], false],
      ['Board', [null, '120 sq_ft'], false],
      ['Haul away', [null, '1 each'], false],
    ]);
  });

  it('matches the n-th of a repeated description with the n-th elsewhere', () => {
    expect(
      table([
        plain(1, 'A', [line('Paint', 10, 'sq_ft', 2), line('Paint', 20, 'sq_ft', 2)]),
        plain(2, 'B', [line('Paint', 10, 'sq_ft', 2)]),
      ]),
    ).toEqual([
      ['Paint', ['10 sq_ft', '10 sq_ft'], false],
      ['Paint', ['20 sq_ft', null], false],
    ]);
  });

  it('highlights a row whose matched quantities (or units) differ, not one that differs only in price', () => {
    const rows = comparisonRows(
      comparisonColumns([
        plain(1, 'A', [
          line('Patch', 80, 'sq_ft', 4),
          line('Trim', 12, 'ft', 3),
          line('Outlet', 2, 'each', 40),
        ]),
        plain(2, 'B', [
          line('patch', 80, 'sq_ft', 9),
          line('Trim', 14, 'ft', 3),
          line('Outlet', 2, 'hours', 40),
        ]),
      ]),
    );
    expect(rows.map((row) => [row.description, row.measuredDifferently])).toEqual([
      ['Patch', false],
      ['Trim', true],
      ['Outlet', true],
    ]);
  });

  it('compares the options of one bid with another bid, each option a column', () => {
    expect(
      table([
        plain(1, 'A', [line('Drywall', 80, 'sq_ft', 4)]),
        plain(2, 'B', [], {
          options: [
            option(1, 'Patch', [line('Drywall', 80, 'sq_ft', 3)]),
            option(2, 'Replace', [line('drywall', 96, 'sq_ft', 5), line('Paint', 96, 'sq_ft', 2)]),
          ],
        }),
      ]),
    ).toEqual([
      ['Drywall', ['80 sq_ft', '80 sq_ft', '96 sq_ft'], true],
      ['Paint', [null, null, '96 sq_ft'], false],
    ]);
  });
});

describe('bidComparison', () => {
  it('shows nothing with fewer than two offers or without any line items', () => {
    expect(bidComparison([plain(1, 'A', [line('Patch', 1, 'each', 5)])])).toBeNull();
    expect(bidComparison([plain(1, 'A', []), plain(2, 'B', [])])).toBeNull();
    expect(
      bidComparison([plain(1, 'A', [line('Patch', 1, 'each', 5)]), plain(2, 'B', [])])?.columns,
    ).toHaveLength(2);
    // One bid's two options are already two offers side by side.
    expect(
      bidComparison([
        plain(1, 'A', [], {
          options: [option(1, 'Patch', []), option(2, 'Replace', [line('Board', 1, 'each', 9)])],
        }),
      ])?.rows,
    ).toHaveLength(1);
  });
});

describe('measured differently', () => {
  it("is about two bids disagreeing, not one vendor's options differing on purpose", () => {
    const withOptions = plain(1, 'Peak', [], {
      options: [
        option(1, 'Patch', [line('Ceiling drywall', 32, 'sq_ft', 6.5)]),
        option(2, 'Replace', [line('Ceiling drywall', 120, 'sq_ft', 5.75)]),
      ],
    });
    expect(table([withOptions])).toEqual([['Ceiling drywall', ['32 sq_ft', '120 sq_ft'], false]]);
    const agreeing = plain(2, 'Front Range', [line('Ceiling drywall', 32, 'sq_ft', 5.5)]);
    const disagreeing = plain(2, 'Front Range', [line('Ceiling drywall', 40, 'sq_ft', 5.5)]);
    // The competitor matches the patch's 32 sq ft but not the replacement's 120: still a disagreement.
    expect(table([withOptions, agreeing])[0]![2]).toBe(true);
    expect(table([plain(1, 'Peak', [line('Ceiling drywall', 32, 'sq_ft', 6.5)]), agreeing])[0]![2]).toBe(
      false,
    );
    expect(table([plain(1, 'Peak', [line('Ceiling drywall', 32, 'sq_ft', 6.5)]), disagreeing])[0]![2]).toBe(
      true,
    );
  });
});
