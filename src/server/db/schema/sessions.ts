import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Server-side sessions. The token the browser holds is never stored: `id` is its SHA-256.
 * A session without a user is a visitor's (it carries the CSRF token and application drafts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    // The periodic sweep finds idle sessions by it.
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * Every login attempt, kept for the rate limit (per account, per client address and per trusted
 * device). `device_id` is the trusted device the attempt came from (login_devices.id), null for an
 * untrusted client; no foreign key, so an attempt outlives a swept device row.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    deviceId: text('device_id'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_device_idx').on(t.deviceId, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * Browsers that signed in to an account before (OWASP's device cookies): the `fieldbid_device`
 * cookie holds a random token, `id` is its SHA-256. Such a browser is exempt from the account's
 * lock against untrusted clients and has its own failure limit instead.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_devices_user_idx').on(t.userId, t.createdAt),
    index('login_devices_expires_idx').on(t.expiresAt),
  ],
);
