import { z } from 'zod';
import { pricedBidFields } from './bid-line-items.ts';
import { SERVICE_CATEGORIES } from './categories.ts';
import { listPageSchema, timestampText } from './response-fields.ts';
import { BID_STATUSES, TIME_UNITS } from './statuses.ts';

/*
 * What the bid calls answer (signed-in spec, sections 2, 3 and 7), as src/server/bids builds them.
 * Amounts are whole dollars; estimated_time keeps its two decimals as a number.
 */

/** A bid as GET /api/bids/{id}/, POST/PUT /api/requests/{id}/bid/ and POST .../withdraw/ answer it. */
export const bidBodySchema = z.object({
  id: z.number().int(),
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
  vendor_name: z.string(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  amount: z.number().int(),
  status: z.enum(BID_STATUSES),
  request_id: z.number().int(),
  request_type: z.enum(SERVICE_CATEGORIES),
  proposed_start_date: timestampText,
  created_at: timestampText,
});
export type MyBidItem = z.infer<typeof myBidItemSchema>;

export const myBidPageSchema = listPageSchema(myBidItemSchema);
export type MyBidPage = z.infer<typeof myBidPageSchema>;
