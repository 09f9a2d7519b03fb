import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment } from '#server/db/columns.ts';
import { VISIT_TIMES } from '#shared/visit-request-schemas.ts';
import { users } from './users.ts';

/**
 * Schedule a Visit (POST /api/visit-requests/): a visitor asks for a walk-through of a property,
 * with a first and an optional second preferred date, each in the morning or the afternoon. Staff
 * read them in the admin Inbox and mark them handled, like contact messages.
 */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    propertyAddress: text('property_address').notNull(),
    numberOfUnits: integer('number_of_units').notNull(),
    preferredDate1: date('preferred_date_1', { mode: 'string' }).notNull(),
    preferredTime1: text('preferred_time_1', { enum: VISIT_TIMES }).notNull(),
    preferredDate2: date('preferred_date_2', { mode: 'string' }),
    preferredTime2: text('preferred_time_2', { enum: VISIT_TIMES }),
    notes: text('notes').notNull().default(''),
    handledAt: moment('handled_at'),
    handledById: integer('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('visit_requests_created_idx').on(t.createdAt),
    check('visit_requests_units_check', sql`${t.numberOfUnits} > 0`),
    check('visit_requests_time_1_check', isOneOf(t.preferredTime1, VISIT_TIMES)),
    check(
      'visit_requests_second_choice_check',
      sql`(${t.preferredDate2} is null) = (${t.preferredTime2} is null) and (${t.preferredTime2} is null or ${isOneOf(t.preferredTime2, VISIT_TIMES)})`,
    ),
  ],
);
