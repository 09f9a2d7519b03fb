import { z } from 'zod';
import { LINE_ITEM_UNITS } from './line-item-units.ts';
import { TIME_UNITS } from './statuses.ts';
import { lineText, multilineText } from './text-fields.ts';

/*
 * Bids priced from measurements: a bid's line items and its options. The bid API takes
 * and answers `line_items` and `options`; both are optional, so the spec's plain bid stays valid.
 *
 * Rounding, stated once and used by both sides: quantities and unit prices have at most two
 * decimals; a line's total is quantity x unit price rounded half up to the whole dollar (bid amounts
 * are whole dollars, signed-in spec section 5), computed in hundredths with integers so that binary
 * fractions never round the wrong way; a bid's (or an option's) amount is the exact sum of its line
 * totals whenever it has line items.
 */

export const MAX_LINE_ITEMS = 30;
export const MAX_BID_OPTIONS = 3;
export const MIN_BID_OPTIONS = 2;
export const MAX_LINE_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 100_000;
/** The same ceiling as a bid's amount (the column is a 4-byte integer). */
export const MAX_PRICED_AMOUNT = 100_000_000;

export const LINE_ITEM_MESSAGES = {
  total: 'The total must be the quantity times the unit price, rounded to the whole dollar.',
  amountNotSum: (sum: number) => `The amount must be the sum of the line items ($${sum}).`,
  tooMuch: `The line items add up to more than $${MAX_PRICED_AMOUNT}.`,
  optionCount: `A bid offers ${MIN_BID_OPTIONS} or ${MAX_BID_OPTIONS} options, or none.`,
  optionsAndTop:
    "With options, each option carries its own amount, time and line items: don't send them for the whole bid.",
  optionLabelTaken: 'Each option needs its own name.',
} as const;

/** Hundredths of a number with at most two decimals (an exact integer). */
const hundredths = (value: number) => Math.round(value * 100);

/** quantity x unit price, half up to the whole dollar, exactly. */
export function lineItemTotal(quantity: number, unitPrice: number): number {
  const product = hundredths(quantity) * hundredths(unitPrice); // ten-thousandths of a dollar
  return Math.floor((product + 5_000) / 10_000);
}

/** The amount a list of priced lines adds up to. */
export function lineItemsAmount(items: readonly { quantity: number; unit_price: number }[]): number {
  return items.reduce((sum, item) => sum + lineItemTotal(item.quantity, item.unit_price), 0);
}

const twoDecimals = (value: number) => Number(value.toFixed(2)) === value;

const decimalField = (label: string, max: number, min: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .finite(`Enter the ${label} as a number.`)
    .min(min, min > 0 ? `The ${label} must be more than 0.` : `The ${label} cannot be negative.`)
    .max(max, `The ${label} can be at most ${max}.`)
    .refine(twoDecimals, { message: `Use at most 2 decimals for the ${label}.` });

/** One line of a bid: what, how much of it, at what price; `total` is checked when sent. */
export const lineItemInputSchema = z
  .object({
    description: lineText(200, { error: 'Describe the line item.' }).min(1, 'Describe the line item.'),
    quantity: decimalField('quantity', MAX_LINE_QUANTITY, 0.01),
    unit: z.enum(LINE_ITEM_UNITS, { error: 'Choose sq ft, ft, each or hours.' }),
    unit_price: decimalField('unit price', MAX_UNIT_PRICE, 0),
    total: z.number().optional(),
  })
  .superRefine((item, context) => {
    if (item.total !== undefined && item.total !== lineItemTotal(item.quantity, item.unit_price)) {
      context.addIssue({ code: 'custom', path: ['total'], message: LINE_ITEM_MESSAGES.total });
    }
  })
  .transform((item) => ({ ...item, total: lineItemTotal(item.quantity, item.unit_price) }));
export type LineItemInput = z.input<typeof lineItemInputSchema>;
export type LineItem = z.output<typeof lineItemInputSchema>;

export const lineItemsInputSchema = z
  .array(lineItemInputSchema, { error: 'Send the line items as a list.' })
  .max(MAX_LINE_ITEMS, `A bid can have at most ${MAX_LINE_ITEMS} line items.`);

/** Checks that a priced amount is the sum of its line items (when it has any). */
export function checkPricedAmount(
  priced: { amount?: number | undefined; line_items?: readonly LineItem[] | undefined },
  context: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  const items = priced.line_items ?? [];
  if (items.length === 0) return;
  const sum = lineItemsAmount(items);
  if (sum > MAX_PRICED_AMOUNT) {
    context.addIssue({ code: 'custom', path: [...path, 'line_items'], message: LINE_ITEM_MESSAGES.tooMuch });
  } else if (priced.amount !== undefined && priced.amount !== sum) {
    context.addIssue({
      code: 'custom',
      path: [...path, 'amount'],
      message: LINE_ITEM_MESSAGES.amountNotSum(sum),
    });
  }
}

const REQUIRED = 'This field is required.';

/** One option of a bid ("Patch" or "Replace the section"), priced like a bid. */
export const bidOptionInputSchema = z
  .object({
    label: lineText(80, { error: 'Name the option.' }).min(1, 'Name the option.'),
    amount: z
      .number({ error: REQUIRED })
      .int('Ensure the amount is a whole number.')
      .min(0, 'Ensure this value is greater than or equal to 0.')
      .max(MAX_PRICED_AMOUNT, `Ensure this value is less than or equal to ${MAX_PRICED_AMOUNT}.`),
    estimated_time: z
      .number({ error: REQUIRED })
      .min(0, 'Ensure this value is greater than or equal to 0.')
      .refine(twoDecimals, { message: 'Ensure that there are no more than 2 decimal places.' })
      .refine((value) => value < 1e8, { message: 'Ensure this value is less than 100000000.' }),
    estimated_time_unit: z.enum(TIME_UNITS, { error: 'Not a valid time unit.' }).default('hours'),
    notes: multilineText(5000).optional().default(''),
    line_items: lineItemsInputSchema.optional().default([]),
  })
  .superRefine((option, context) => checkPricedAmount(option, context));
export type BidOptionInput = z.input<typeof bidOptionInputSchema>;
export type BidOption = z.output<typeof bidOptionInputSchema>;

export const bidOptionsInputSchema = z
  .array(bidOptionInputSchema, { error: 'Send the options as a list.' })
  .refine((options) => options.length === 0 || options.length >= MIN_BID_OPTIONS, {
    message: LINE_ITEM_MESSAGES.optionCount,
  })
  .refine((options) => options.length <= MAX_BID_OPTIONS, { message: LINE_ITEM_MESSAGES.optionCount })
  .refine((options) => new Set(options.map((option) => option.label.toLowerCase())).size === options.length, {
    message: LINE_ITEM_MESSAGES.optionLabelTaken,
  });

/* What the server answers (always present: empty lists for a plain bid). */

export const lineItemSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit: z.enum(LINE_ITEM_UNITS),
  unit_price: z.number(),
  total: z.number().int(),
});

export const bidOptionSchema = z.object({
  /** 1, 2 or 3: what POST /api/requests/{id}/award/ names as `option`. */
  position: z.number().int(),
  label: z.string(),
  amount: z.number().int(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  notes: z.string(),
  line_items: z.array(lineItemSchema),
});
export type BidOptionBody = z.infer<typeof bidOptionSchema>;

/** The priced parts of a bid as answers carry them (optional for copies kept by older apps). */
export const pricedBidFields = {
  line_items: z.array(lineItemSchema).optional().default([]),
  options: z.array(bidOptionSchema).optional().default([]),
};
