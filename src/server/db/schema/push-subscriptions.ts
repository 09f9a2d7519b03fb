import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, moment } from '#server/db/columns.ts';
import { users } from './users.ts';

/**
 * One device (browser profile) that receives a user's Web Push notifications: the PushSubscription
 * the browser made with our VAPID key. The endpoint is unique: a device that subscribes again, or
 * passes to another user, updates its row. A push service's 404 or 410 deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The subscribing browser's User-Agent (cleaned, cut), so a user can tell devices apart. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSuccessAt: moment('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
