import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, moment } from '#server/db/columns.ts';
import { users } from './users.ts';

/**
 * One-time codes texted to a user's number to confirm it (src/server/sms/phone-codes.ts). Only a
 * keyed hash of the code is kept; a code works for the number it was sent to, until `expires_at`,
 * once (`used_at`), and not after its fifth wrong try (`attempts`). The rows also count the texts
 * sent, per user and per number, for the sending limits.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile's ten digits the code was texted to. */
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried against it. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    usedAt: moment('used_at'),
  },
  (t) => [
    index('phone_verification_codes_user_idx').on(t.userId, t.createdAt),
    index('phone_verification_codes_number_idx').on(t.phoneNumber, t.createdAt),
  ],
);
