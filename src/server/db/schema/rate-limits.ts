import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every server process, e.g. key `reset-password:ip:1.2.3.4`.
 * One upsert per hit: `insert ... on conflict (key) do update` that restarts the window once
 * `window_ends_at` has passed. Expired rows are purged by time.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);
