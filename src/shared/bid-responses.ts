import { z } from 'zod';
import { errorBodySchema } from './api-errors.ts';
import { bidOptionSchema, lineItemSchema, pricedBidFields } from './bid-line-items.ts';
import { SERVICE_CATEGORIES } from './categories.ts';
import { listPageSchema, timestampText } from './response-fields.ts';
import { BID_STATUSES, TIME_UNITS } from './statuses.ts';

/*
 * What the bid calls answer (signed-in spec, sections 2, 3 and 7), as src/server/bids builds them.
 * Amounts are whole dollars; estimated_time keeps its two decimals as a number.
 */

/**
 * A bid's version: 1 when placed, one more on every change of its terms (amount, time, start, notes,
 * line items, options). An award names the version the manager saw (awardInputSchema's bid_version).
 * Always sent; optional only for answers kept from before versions (a phone's kept copies, the
 * stored answer of an Idempotency-Key replayed).
 */
export const bidVersionField = z.number().int().min(1).optional();

/** A bid as GET /api/bids/{id}/, POST/PUT /api/requests/{id}/bid/ and POST .../withdraw/ answer it. */
export const bidBodySchema = z.object({
  id: z.number().int(),
  version: bidVersionField,
  amount: z.number().int(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  proposed_start_date: timestampText,
  notes: z.string(),
  status: z.enum(BID_STATUSES),
  request_id: z.number().int(),
  ...pricedBidFields,
});
export type BidBody = z.infer<typeof bidBodySchema>;

/** GET /api/vendor/bids/ item (section 3): the vendor's bid and the request's type. */
export const myBidItemSchema = z.object({
  id: z.number().int(),
  version: bidVersionField,
  vendor_name: z.string(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  amount: z.number().int(),
  /**
   * The amounts of the bid's options in their order (empty for a one-price bid, whose price is
   * `amount`): My Bids shows such a bid as the span of its options, not as one figure. The server
   * always sends it; optional only so a My Bids page a phone kept from before it still reads.
   */
  option_amounts: z.array(z.number().int()).optional(),
  status: z.enum(BID_STATUSES),
  request_id: z.number().int(),
  request_type: z.enum(SERVICE_CATEGORIES),
  proposed_start_date: timestampText,
  created_at: timestampText,
});
export type MyBidItem = z.infer<typeof myBidItemSchema>;

export const myBidPageSchema = listPageSchema(myBidItemSchema);
export type MyBidPage = z.infer<typeof myBidPageSchema>;

/**
 * 409 BID_CHANGED of POST /api/requests/{id}/award/: the bid is not at the version the award named
 * (or, with none named, it was changed since it was placed). `bid` is the bid as it is now, with its
 * version, for the manager to review before awarding again.
 */
export const bidChangedErrorSchema = errorBodySchema.extend({
  code: z.literal('BID_CHANGED'),
  bid: bidBodySchema,
});
export type BidChangedError = z.infer<typeof bidChangedErrorSchema>;

/** One version of a bid's terms, as GET /api/bids/{id}/history/ lists it. */
export const bidRevisionSchema = z.object({
  version: z.number().int(),
  amount: z.number().int(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  proposed_start_date: timestampText,
  notes: z.string(),
  line_items: z.array(lineItemSchema),
  options: z.array(bidOptionSchema),
  /** Who placed or changed the bid (its vendor); null when that account is gone. */
  changed_by: z.string().nullable(),
  /** When the bid was placed (version 1) or changed to this version. */
  created_at: timestampText,
});
export type BidRevision = z.infer<typeof bidRevisionSchema>;

/**
 * GET /api/bids/{id}/history/: every version of the bid's terms, oldest first; the last is the bid
 * as it is now. For the bid's vendor and the managing side of its request.
 */
export const bidHistorySchema = z.object({
  bid_id: z.number().int(),
  version: z.number().int(),
  revisions: z.array(bidRevisionSchema),
});
export type BidHistory = z.infer<typeof bidHistorySchema>;
