import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { USER_TYPES } from '#shared/users.ts';
import { clients } from './clients.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique regardless of case. */
    email: text('email').notNull(),
    /** scrypt hash; null until the user sets a password through the emailed link. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /** Digits only. */
    phoneNumber: text('phone_number').notNull().default(''),
    /**
     * The number (ten digits) the user last confirmed with a code texted to it (phone-codes.ts).
     * Texts go to the profile's number only while it equals this one: a number changed by any path
     * is unconfirmed without anyone having to remember to clear this.
     */
    phoneVerifiedNumber: text('phone_verified_number'),
    phoneVerifiedAt: moment('phone_verified_at'),
    /** 'property_manager' | 'vendor' | null (staff accounts may have no type). */
    type: text('type', { enum: USER_TYPES }),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The property-management company of a property manager; its team are the users sharing it. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Settings, Notifications tab (signed-in spec, section 3): both on by default. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_client_idx').on(t.clientId),
    check('users_type_check', isOneOf(t.type, USER_TYPES)),
  ],
);

export const PASSWORD_TOKEN_PURPOSES = ['set_password', 'reset_password', 'confirm_email'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by mail or shown once: set password, reset password, confirm email.
 * Only the SHA-256 of the token is stored (hashToken); a page that must show a token again
 * (the application success pages) mints a new one.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PASSWORD_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The user's address when the token was made (the one its link was mailed to). A token acts only
     * while the account still has this address, so a link sent to an old address never confirms or
     * resets the account under a new one; null (rows from before this column) matches nothing.
     */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [
    index('password_tokens_user_idx').on(t.userId, t.purpose),
    check('password_tokens_purpose_check', isOneOf(t.purpose, PASSWORD_TOKEN_PURPOSES)),
  ],
);

/**
 * Vendor API keys (`Authorization: Bearer`), shown once on the vendor application success page.
 * Stored as SHA-256; `prefix` is the key's first characters, so a key can be recognised in a list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's last four characters, so the owner can tell keys apart (the key itself is never kept). */
    lastFour: text('last_four').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
