import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { DELIVERY_STATUSES } from '#shared/admin-deliveries.ts';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '#shared/notification-preferences.ts';
import { mailOutbox } from './mail.ts';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/**
 * One notification's way out through one channel, written by notify() in the transaction
 * of the notification itself, so an event that commits is never without its deliveries and a rolled
 * back one has none. The sender (src/server/notifications/delivery-sender.ts) claims due rows with
 * `for update skip locked`; the unique key makes each (notification, channel, device) one row, so
 * nothing is sent twice however many processes send.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    /**
     * Push: the push_subscriptions row (the device) it goes to; 0 for email and SMS. No foreign key:
     * a device that unsubscribes leaves its deliveries as they were, and the key stays unique.
     */
    deviceId: integer('device_id').notNull().default(0),
    /** Email of a message: `thread:<request>:<vendor>`; queued rows with one key go out as one mail. */
    batchKey: text('batch_key'),
    /** Not before this moment: a batching window, the end of quiet hours, or a retry's back-off. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    /** A sender's claim (SMS and push, which call out over HTTP); a crashed sender's claim lapses. */
    lockedUntil: moment('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** What it was sent to (address, number, device) and what was sent, for staff; filled when sent. */
    recipient: text('recipient'),
    content: text('content'),
    /** Email: the outbox mail that carries it (several batched deliveries share one). */
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** The provider's id of what it accepted (a Twilio message SID). */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: moment('sent_at'),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once').on(t.notificationId, t.channel, t.deviceId),
    index('notification_deliveries_due_idx').on(t.sendAfter).where(sql`${t.status} in ('queued', 'held')`),
    index('notification_deliveries_batch_idx').on(t.userId, t.batchKey).where(sql`${t.status} = 'queued'`),
    index('notification_deliveries_user_idx').on(t.userId),
    index('notification_deliveries_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('notification_deliveries_channel_check', isOneOf(t.channel, NOTIFICATION_CHANNELS)),
    check('notification_deliveries_category_check', isOneOf(t.category, NOTIFICATION_CATEGORIES)),
    check('notification_deliveries_status_check', isOneOf(t.status, DELIVERY_STATUSES)),
  ],
);

/**
 * A user's own choice for one category on one channel; without a row the role's default applies
 * (src/shared/notification-preferences.ts), so a changed default reaches everyone who never chose.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category, t.channel] }),
    check('notification_preferences_channel_check', isOneOf(t.channel, NOTIFICATION_CHANNELS)),
    check('notification_preferences_category_check', isOneOf(t.category, NOTIFICATION_CATEGORIES)),
  ],
);

/** Quiet hours for SMS and push: deliveries due inside the window are held until it ends. */
export const notificationQuietHours = pgTable('notification_quiet_hours', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Local wall-clock HH:MM in time_zone; the window may pass midnight. */
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: updatedAt(),
});
