import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from '#server/db/columns.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

/** In-app notifications (signed-in spec, section 3). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which event made it: new_job, invited, bid_received, bid_accepted, bid_rejected, new_message, ... */
    kind: text('kind').notNull().default('general'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    relatedRequestId: integer('related_request_id').references(() => maintenanceRequests.id, {
      onDelete: 'set null',
    }),
    /**
     * A new_message notice's thread is (related request, this vendor): opening that thread marks the
     * notice read (a manager has one thread per vendor on a request). Null for every other kind.
     */
    relatedVendorId: integer('related_vendor_id').references(() => users.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    readAt: moment('read_at'),
    createdAt: createdAt(),
  },
  // Serves both the full list and the menu's ?is_read=false, newest first (scanned backwards).
  (t) => [index('notifications_user_idx').on(t.userId, t.isRead, t.createdAt)],
);
