import type { BidOptionBody } from '#shared/bid-line-items.ts';
import { lineItemTotal } from '#shared/bid-line-items.ts';
import type { LineItemUnit } from '#shared/line-item-units.ts';
import type { TimeUnit } from '#shared/statuses.ts';

/*
 * The priced parts of the bid form: line item rows and options as the inputs hold them,
 * and how they become the payload the shared schema checks. Totals and sums come from
 * src/shared/bid-line-items.ts, the arithmetic the server runs.
 */

/** One line item row; `key` only tells React the rows apart. */
export interface LineItemValues {
  key: string;
  description: string;
  quantity: number | string;
  unit: LineItemUnit;
  unit_price: number | string;
}

export interface BidOptionValues {
  key: string;
  label: string;
  amount: number | string;
  estimated_time: number | string;
  estimated_time_unit: TimeUnit;
  notes: string;
  line_items: LineItemValues[];
}

export const formNumber = (value: number | string) =>
  value === '' || value === null ? undefined : typeof value === 'number' ? value : Number(value);

let lastKey = 0;
const rowKey = () => {
  lastKey += 1;
  return `row-${lastKey}`;
};

export function newLineItem(fields: Partial<Omit<LineItemValues, 'key'>> = {}): LineItemValues {
  return { key: rowKey(), description: '', quantity: '', unit: 'each', unit_price: '', ...fields };
}

export function newOption(fields: Partial<Omit<BidOptionValues, 'key'>> = {}): BidOptionValues {
  return {
    key: rowKey(),
    label: '',
    amount: '',
    estimated_time: '',
    estimated_time_unit: 'hours',
    notes: '',
    line_items: [],
    ...fields,
  };
}

/** A row's total once both numbers are there (whole dollars, half up); null until then. */
export function lineRowTotal(row: Pick<LineItemValues, 'quantity' | 'unit_price'>): number | null {
  const quantity = formNumber(row.quantity);
  const price = formNumber(row.unit_price);
  if (quantity === undefined || price === undefined || !Number.isFinite(quantity) || !Number.isFinite(price))
    return null;
  return lineItemTotal(quantity, price);
}

/** What the rows add up to so far (an unfinished row counts 0: its own inputs say what is missing). */
export function lineRowsAmount(rows: readonly LineItemValues[]): number {
  return rows.reduce((sum, row) => sum + (lineRowTotal(row) ?? 0), 0);
}

/** The amount sent: the rows' sum when there are rows, else what was typed. */
export function pricedAmount(amount: number | string, rows: readonly LineItemValues[]): number | undefined {
  return rows.length > 0 ? lineRowsAmount(rows) : formNumber(amount);
}

export function lineItemsPayload(rows: readonly LineItemValues[]) {
  return rows.map((row) => ({
    description: row.description.trim(),
    quantity: formNumber(row.quantity),
    unit: row.unit,
    unit_price: formNumber(row.unit_price),
  }));
}

export function optionPayload(option: BidOptionValues) {
  return {
    label: option.label.trim(),
    amount: pricedAmount(option.amount, option.line_items),
    estimated_time: formNumber(option.estimated_time),
    estimated_time_unit: option.estimated_time_unit,
    notes: option.notes.trim(),
    line_items: lineItemsPayload(option.line_items),
  };
}

export function lineItemsValuesFrom(
  items: readonly { description: string; quantity: number; unit: LineItemUnit; unit_price: number }[],
): LineItemValues[] {
  return items.map((item) =>
    newLineItem({
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      unit_price: item.unit_price,
    }),
  );
}

export function optionValuesFrom(option: BidOptionBody): BidOptionValues {
  return newOption({
    label: option.label,
    amount: option.amount,
    estimated_time: Number(option.estimated_time),
    estimated_time_unit: option.estimated_time_unit,
    notes: option.notes,
    line_items: lineItemsValuesFrom(option.line_items),
  });
}

/**
 * The options "Offer options" starts with: what the bid already says becomes the first option, so
 * nothing typed is lost, and a second one to fill in.
 */
export function startingOptions(bid: {
  amount: number | string;
  estimated_time: number | string;
  estimated_time_unit: TimeUnit;
  line_items: readonly LineItemValues[];
}): BidOptionValues[] {
  return [
    newOption({
      amount: bid.amount,
      estimated_time: bid.estimated_time,
      estimated_time_unit: bid.estimated_time_unit,
      line_items: bid.line_items.map((row) => ({ ...row, key: rowKey() })),
    }),
    newOption({ estimated_time_unit: bid.estimated_time_unit }),
  ];
}
