// A bid's line-item units, apart from the bid schemas (bid-line-items.ts), so a screen that
// only shows line items reads them without zod.

export const LINE_ITEM_UNITS = ['sq_ft', 'ft', 'each', 'hours'] as const;
export type LineItemUnit = (typeof LINE_ITEM_UNITS)[number];

export const LINE_ITEM_UNIT_LABELS: Record<LineItemUnit, string> = {
  sq_ft: 'sq ft',
  ft: 'ft',
  each: 'each',
  hours: 'hours',
};
