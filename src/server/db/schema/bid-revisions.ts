import { integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { BidOption, LineItem } from '#shared/bid-line-items.ts';
import { TIME_UNITS } from '#shared/statuses.ts';
import { bids } from './bids.ts';
import { users } from './users.ts';

/**
 * A bid's terms as they were at each of its versions (bids.version): one row when it is placed
 * (version 1) and one per change of what it offers (amount, time, start, notes, line items, options).
 * The database writes them itself (migration 0023's triggers on bids), in the statement that places
 * or changes the bid, whichever code path or script made it: the group commit, the keyed and the
 * single statement of POST bid, the full checks, PUT bid. Never changed once written.
 */
export const bidRevisions = pgTable(
  'bid_revisions',
  {
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    amount: integer('amount').notNull(),
    estimatedTime: numeric('estimated_time', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    estimatedTimeUnit: text('estimated_time_unit', { enum: TIME_UNITS }).notNull(),
    proposedStartDate: timestamp('proposed_start_date', { withTimezone: true }).notNull(),
    notes: text('notes').notNull(),
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull(),
    options: jsonb('options').$type<BidOption[]>().notNull(),
    /** Who placed or changed the bid: its vendor, the only one who may (bids/bid-write-routes.ts). */
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The bid's created_at (version 1) or its updated_at at the change. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bidId, t.version] })],
);
