import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from '#server/db/columns.ts';

export const PLAN_FREQUENCIES = ['monthly', 'yearly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/**
 * Vendor subscription plans (GET /api/vendor-plans/: id, name, price, frequency, description).
 * Reference data: inserted by a migration (0001) so every database has them, demo or not; staff
 * change them in /admin/.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Dollars. */
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    description: text('description').notNull().default(''),
    /** A Stripe price id when one is configured; otherwise checkout sends the price inline. */
    stripePriceId: text('stripe_price_id'),
    /** Inactive plans stay attached to existing subscriptions but are no longer offered. */
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_frequency_check', isOneOf(t.frequency, PLAN_FREQUENCIES)),
    check('plans_price_check', sql`${t.price} >= 0`),
  ],
);
