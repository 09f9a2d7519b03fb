import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import type { BidOption, LineItem } from '#shared/bid-line-items.ts';
import { BID_STATUSES, TIME_UNITS } from '#shared/statuses.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

/** An option as stored: its position (1..3) is its place in the list, as the answers number it. */
export type StoredBidOption = BidOption;

/**
 * A vendor's bid. One per vendor per request, enforced here so that two racing submissions (or a
 * replayed offline write) cannot both land: the second is DUPLICATE_BID and the vendor edits the
 * first. Awarding accepts one bid and rejects the others: at most one accepted bid per request.
 */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    /** The vendor user (its company name comes from vendor_profiles). */
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whole dollars (signed-in spec, section 5: step 1, sent as an integer). */
    amount: integer('amount').notNull(),
    /** Step 0.01. */
    estimatedTime: numeric('estimated_time', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    estimatedTimeUnit: text('estimated_time_unit', { enum: TIME_UNITS }).notNull().default('hours'),
    proposedStartDate: timestamp('proposed_start_date', { withTimezone: true }).notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: BID_STATUSES }).notNull().default('pending'),
    /**
     * What the bid is priced from and its options, as src/shared/bid-line-items.ts
     * checked them. JSONB because they belong to the bid and are only ever read with it: the request
     * detail stays one statement. With options, amount/time/line_items above are option 1's.
     */
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull().default([]),
    options: jsonb('options').$type<StoredBidOption[]>().notNull().default([]),
    /**
     * 1 when placed, one more on every change of its terms (amount, time, start, notes, line items,
     * options), counted by the database itself (migration 0023's trigger, whatever the writer sets):
     * an award names the version the manager saw and is refused when the bid has moved on.
     * bid_revisions keeps each version's terms.
     */
    version: integer('version').notNull().default(1),
    /** Which option (1..3) the manager awarded; null for a plain bid or one not awarded. */
    awardedOption: smallint('awarded_option'),
    /** When the manager accepted or rejected it, or the vendor withdrew it. */
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bids_request_vendor_unique').on(t.requestId, t.vendorId),
    uniqueIndex('bids_one_accepted_per_request').on(t.requestId).where(sql`${t.status} = 'accepted'`),
    index('bids_vendor_idx').on(t.vendorId, t.status, t.createdAt),
    // My Bids, newest first: read from the top instead of sorting all of a busy vendor's bids.
    index('bids_vendor_newest_idx').on(t.vendorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('bids_amount_check', sql`${t.amount} >= 0`),
    check('bids_estimated_time_check', sql`${t.estimatedTime} >= 0`),
    check('bids_time_unit_check', isOneOf(t.estimatedTimeUnit, TIME_UNITS)),
    check('bids_status_check', isOneOf(t.status, BID_STATUSES)),
    check('bids_awarded_option_check', sql`${t.awardedOption} between 1 and 3`),
  ],
);
