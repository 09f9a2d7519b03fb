import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment } from '#server/db/columns.ts';
import { users } from './users.ts';

export const DEMO_REQUEST_STATUSES = ['new', 'approved', 'declined'] as const;
export type DemoRequestStatus = (typeof DEMO_REQUEST_STATUSES)[number];

/** The landing page's Request a Demo dialog; staff approve and email a demo link. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    status: text('status', { enum: DEMO_REQUEST_STATUSES }).notNull().default('new'),
    handledAt: moment('handled_at'),
    handledById: integer('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('demo_requests_created_idx').on(t.createdAt),
    check('demo_requests_status_check', isOneOf(t.status, DEMO_REQUEST_STATUSES)),
  ],
);

/** The landing page footer's contact form (POST /api/contact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    handledAt: moment('handled_at'),
    handledById: integer('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
