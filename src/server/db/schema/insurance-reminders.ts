import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { users } from './users.ts';

/**
 * The insurance reminders already sent: one row per vendor, certificate expiry date and threshold
 * (30 or 7 days before). The periodic check inserts the row and the notification in one transaction
 * (`on conflict do nothing`), so each reminder goes out once whichever process checks; a new
 * certificate has a new expiry date and so its own reminders.
 */
export const insuranceReminders = pgTable(
  'insurance_reminders',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.expiresOn, t.daysBefore] })],
);
