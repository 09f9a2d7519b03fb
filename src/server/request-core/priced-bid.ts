import type { BidOption, BidOptionBody, LineItem } from '#shared/bid-line-items.ts';
import type { BidInput } from '#shared/bid-schemas.ts';

/*
 * A bid's line items and options between the checked input, the bids row's JSONB columns
 * and the answers. The answers number the options 1, 2, 3 by their place: the number the award
 * names (`option`) and the one bids.awarded_option keeps.
 */

export interface PricedColumns {
  lineItems: LineItem[];
  options: BidOption[];
}

/** What a write stores; the schema already set each line's total and option 1 on the bid. */
export function pricedColumns(input: BidInput): PricedColumns {
  return { lineItems: input.line_items, options: input.options };
}

export function optionBodies(options: readonly BidOption[]): BidOptionBody[] {
  return options.map((option, index) => ({ position: index + 1, ...option }));
}

/** The priced fields of a bid's answer, from its row (or from a JSON row of the detail's query). */
export function pricedBody(row: { lineItems: LineItem[] | null; options: BidOption[] | null }) {
  return { line_items: row.lineItems ?? [], options: optionBodies(row.options ?? []) };
}

/** The awarded option of a bid, or null for a plain bid. */
export function awardedOptionBody(
  options: readonly BidOption[] | null,
  awardedOption: number | null,
): BidOptionBody | null {
  if (!options || awardedOption === null) return null;
  return optionBodies(options)[awardedOption - 1] ?? null;
}
