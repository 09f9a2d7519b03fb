import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment } from '#server/db/columns.ts';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The mail outbox, and the record of sent mail that staff read at /admin/. Any server process may
 * send: a sender claims due rows with `for update skip locked` and a short `locked_until` lease,
 * then retries with a later `next_attempt_at` until it gives up (`failed`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra header lines (List-Unsubscribe and List-Unsubscribe-Post of notification mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Which mail this is (set_password, confirm_email, reset_password, ...), for the admin list. */
    template: text('template').notNull().default(''),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    /** `dev` or `smtp`: the transport that delivered it. */
    transport: text('transport'),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', isOneOf(t.status, MAIL_STATUSES)),
  ],
);
