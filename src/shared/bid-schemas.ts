import { z } from 'zod';
import {
  bidOptionsInputSchema,
  checkPricedAmount,
  LINE_ITEM_MESSAGES,
  lineItemsInputSchema,
} from './bid-line-items.ts';
import { orderingField } from './list-query.ts';
import { BID_STATUSES, MAX_PAGE_SIZE, PAGE_SIZE, TIME_UNITS } from './statuses.ts';
import { isoDateTimeField, multilineText } from './text-fields.ts';

const REQUIRED = 'This field is required.';
export const MAX_BID_AMOUNT = 100_000_000;

const amountField = z
  .number({ error: REQUIRED })
  .int('Ensure the amount is a whole number.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  // The column is a 4-byte integer; no maintenance job costs a hundred million dollars.
  .max(MAX_BID_AMOUNT, `Ensure this value is less than or equal to ${MAX_BID_AMOUNT}.`);

const estimatedTimeField = z
  .number({ error: REQUIRED })
  .min(0, 'Ensure this value is greater than or equal to 0.')
  // Step 0.01: a number typed with at most 2 decimals prints back the same with 2 (0.29 too);
  // 1e-9 does not, where a tolerance let it through to be stored as 0.00.
  .refine((value) => Number(value.toFixed(2)) === value, {
    message: 'Ensure that there are no more than 2 decimal places.',
  })
  .refine((value) => value < 1e8, { message: 'Ensure this value is less than 100000000.' });

/**
 * Bid input (signed-in spec, section 5): whole dollars, time in steps of 0.01, an ISO start. Issue
 * 20 adds optional `line_items` (the amount is then their sum) and optional `options` (two or
 * three, each priced on its own); with options the bid's own amount, time and line items are its
 * first option's, so a list that shows one amount per bid shows that.
 */
export const bidInputSchema = z
  .object({
    amount: amountField.optional(),
    estimated_time: estimatedTimeField.optional(),
    estimated_time_unit: z.enum(TIME_UNITS, { error: 'Not a valid time unit.' }).optional(),
    proposed_start_date: isoDateTimeField({ missing: REQUIRED }),
    notes: multilineText(5000).optional().default(''),
    line_items: lineItemsInputSchema.optional(),
    options: bidOptionsInputSchema.optional().default([]),
  })
  .superRefine((bid, context) => {
    if (bid.options.length > 0) {
      const top = [bid.amount, bid.estimated_time, bid.estimated_time_unit, bid.line_items];
      if (top.some((value) => value !== undefined)) {
        context.addIssue({ code: 'custom', path: ['options'], message: LINE_ITEM_MESSAGES.optionsAndTop });
      }
      return;
    }
    checkPricedAmount(bid, context);
  })
  // A plain bid needs its amount and time: said even when other fields failed (the check runs on
  // whatever was sent), so one answer lists every missing field as the spec's forms expect.
  .check(
    z.superRefine(
      (bid: { options?: unknown; amount?: unknown; estimated_time?: unknown }, context) => {
        if (Array.isArray(bid.options) && bid.options.length > 0) return;
        for (const field of ['amount', 'estimated_time'] as const) {
          if (bid[field] === undefined)
            context.addIssue({ code: 'custom', path: [field], message: REQUIRED });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .transform((bid) => {
    const first = bid.options[0];
    return {
      amount: first?.amount ?? bid.amount ?? 0,
      estimated_time: first?.estimated_time ?? bid.estimated_time ?? 0,
      estimated_time_unit: first?.estimated_time_unit ?? bid.estimated_time_unit ?? 'hours',
      proposed_start_date: bid.proposed_start_date,
      notes: bid.notes,
      line_items: first?.line_items ?? bid.line_items ?? [],
      options: bid.options,
    };
  });
export type BidInput = z.output<typeof bidInputSchema>;
export type BidInputBody = z.input<typeof bidInputSchema>;

export const BID_ORDERING_FIELDS = ['status', 'amount', 'created_at'] as const;
export type BidOrderingField = (typeof BID_ORDERING_FIELDS)[number];

/** GET /api/vendor/bids/ query (signed-in spec, sections 2 and 7). */
export const myBidsQuerySchema = z.object({
  status: z.enum(BID_STATUSES, { error: 'Not a valid status.' }).optional(),
  ordering: orderingField(BID_ORDERING_FIELDS),
  page: z.coerce
    .number()
    .int('A page number must be a whole number.')
    .min(1, 'A page number must be 1 or more.')
    .default(1),
  page_size: z.coerce
    .number()
    .int('A page size must be a whole number.')
    .min(1, 'A page size must be 1 or more.')
    .default(PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});
export type MyBidsQuery = z.infer<typeof myBidsQuerySchema>;
