import type { LineItemUnit } from '#shared/line-item-units.ts';
import type { BidStatus, TimeUnit } from '#shared/statuses.ts';

/*
 * The side-by-side comparison of the request's bids, as plain data: one column per
 * priced offer, one row per line item matched across the columns. Kept apart from the component so
 * the matching rules are tested on their own.
 */

export interface ComparedLineItem {
  description: string;
  quantity: number;
  unit: LineItemUnit;
  unit_price: number;
  total: number;
}

interface PricedOffer {
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  line_items: ComparedLineItem[];
}

/** The part of a request detail's bid the comparison reads. */
export interface ComparableBid extends PricedOffer {
  id: number;
  vendor_name: string;
  status: BidStatus;
  /** The bid's terms and start: sent to the request's managers only (absent otherwise). */
  notes?: string | undefined;
  proposed_start_date?: string | undefined;
  options: (PricedOffer & { position: number; label: string; notes?: string | undefined })[];
}

export interface ComparisonColumn {
  key: string;
  /** 'Vendor' for a plain bid, 'Vendor — Option label' for one of a bid's options. */
  heading: string;
  bidId: number;
  /** The option's position (what the award names), null for a plain bid. */
  option: number | null;
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  line_items: ComparedLineItem[];
  /** The option's own notes, then the bid's (each non-empty); empty when there are none. */
  notes: string[];
  /** The bid's proposed start (its options share it), null when the answer does not carry it. */
  proposed_start_date: string | null;
}

export interface ComparisonRow {
  key: string;
  /** The first matched item's description (each cell keeps its own). */
  description: string;
  /** One cell per column, null where that column has no such item. */
  cells: (ComparedLineItem | null)[];
  /** Two or more columns priced the item with different quantities (or units). */
  measuredDifferently: boolean;
}

/**
 * A plain bid is one column; a bid with options one column per option (its own top-level line
 * items are its first option's, so they are not a column of their own). A withdrawn bid is no
 * longer an offer.
 */
export function comparisonColumns(bids: readonly ComparableBid[]): ComparisonColumn[] {
  return bids
    .filter((bid) => bid.status !== 'withdrawn')
    .flatMap((bid): ComparisonColumn[] => {
      const start = bid.proposed_start_date ?? null;
      if (bid.options.length === 0) {
        return [
          {
            ...offerOf(bid),
            key: `bid-${bid.id}`,
            heading: bid.vendor_name,
            bidId: bid.id,
            option: null,
            notes: nonEmpty([bid.notes]),
            proposed_start_date: start,
          },
        ];
      }
      return [...bid.options]
        .sort((a, b) => a.position - b.position)
        .map((option) => ({
          ...offerOf(option),
          key: `bid-${bid.id}-option-${option.position}`,
          heading: `${bid.vendor_name} — ${option.label}`,
          bidId: bid.id,
          option: option.position,
          notes: nonEmpty([option.notes, bid.notes]),
          proposed_start_date: start,
        }));
    });
}

const nonEmpty = (notes: readonly (string | undefined)[]) =>
  notes.filter((note): note is string => note !== undefined && note.trim() !== '');

const offerOf = (offer: PricedOffer) => ({
  amount: offer.amount,
  estimated_time: offer.estimated_time,
  estimated_time_unit: offer.estimated_time_unit,
  line_items: offer.line_items,
});

/** Case- and space-insensitive: "Drywall  patch " and "drywall patch" are the same item. */
export const normalizedDescription = (description: string) =>
  description.trim().replace(/\s+/g, ' ').toLowerCase();

interface Placed {
  column: number;
  index: number;
  item: ComparedLineItem;
}

/**
 * Matches line items across columns: first by normalized description (the n-th "Paint" of one
 * column with the n-th of another); then, among the items still alone, by unit where every column
 * holding a leftover in that unit holds exactly one (and at least two columns do), since two
 * vendors who each priced one area in sq ft most likely priced the same area; the rest stay rows
 * of their own. Rows keep the order in which the columns, read left to right, list their items.
 */
export function comparisonRows(columns: readonly ComparisonColumn[]): ComparisonRow[] {
  const rowOf = new Map<string, string>(); // "column:index" -> row key
  const members = new Map<string, Placed[]>();
  const join = (rowKey: string, placed: Placed) => {
    rowOf.set(`${placed.column}:${placed.index}`, rowKey);
    members.set(rowKey, [...(members.get(rowKey) ?? []), placed]);
  };

  const byDescription = new Map<string, Placed[]>();
  columns.forEach((column, columnIndex) => {
    const seen = new Map<string, number>();
    column.line_items.forEach((item, index) => {
      const name = normalizedDescription(item.description);
      const occurrence = seen.get(name) ?? 0;
      seen.set(name, occurrence + 1);
      const key = `${name}#${occurrence}`;
      byDescription.set(key, [...(byDescription.get(key) ?? []), { column: columnIndex, index, item }]);
    });
  });
  for (const [key, placed] of byDescription) {
    if (placed.length < 2) continue;
    for (const one of placed) join(`description:${key}`, one);
  }

  const leftovers = [...byDescription.values()].filter((placed) => placed.length === 1).flat();
  const byUnit = new Map<LineItemUnit, Placed[]>();
  for (const placed of leftovers)
    byUnit.set(placed.item.unit, [...(byUnit.get(placed.item.unit) ?? []), placed]);
  for (const [unit, placed] of byUnit) {
    const perColumn = new Set(placed.map((one) => one.column));
    if (perColumn.size < 2 || perColumn.size !== placed.length) continue;
    for (const one of placed) join(`unit:${unit}`, one);
  }

  const rows: ComparisonRow[] = [];
  const emitted = new Set<string>();
  columns.forEach((column, columnIndex) => {
    column.line_items.forEach((item, index) => {
      const rowKey = rowOf.get(`${columnIndex}:${index}`) ?? `alone:${columnIndex}:${index}`;
      if (emitted.has(rowKey)) return;
      emitted.add(rowKey);
      const placed = members.get(rowKey) ?? [{ column: columnIndex, index, item }];
      rows.push(rowFrom(rowKey, item.description, placed, columns));
    });
  });
  return rows;
}

function rowFrom(
  key: string,
  description: string,
  placed: Placed[],
  columns: readonly ComparisonColumn[],
): ComparisonRow {
  const cells: (ComparedLineItem | null)[] = Array.from({ length: columns.length }, () => null);
  for (const one of placed) cells[one.column] = one.item;
  // Two bids measured it differently; one vendor's options may differ on purpose ("patch" 32 sq ft,
  // "replace" 120), which is no disagreement about the building.
  const measure = (one: Placed) => `${one.item.quantity} ${one.item.unit}`;
  const measuredDifferently = placed.some((a) =>
    placed.some((b) => columns[a.column]!.bidId !== columns[b.column]!.bidId && measure(a) !== measure(b)),
  );
  return { key, description, cells, measuredDifferently };
}

/** What the comparison shows, or null when there is nothing to compare side by side. */
export function bidComparison(
  bids: readonly ComparableBid[],
): { columns: ComparisonColumn[]; rows: ComparisonRow[] } | null {
  const columns = comparisonColumns(bids);
  if (columns.length < 2 || columns.every((column) => column.line_items.length === 0)) return null;
  return { columns, rows: comparisonRows(columns) };
}
