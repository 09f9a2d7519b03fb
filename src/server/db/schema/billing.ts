import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { vendorApplications } from './applications.ts';
import { plans } from './plans.ts';
import { users } from './users.ts';

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const CHECKOUT_STATUSES = ['open', 'paid', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * A checkout started by POST /api/vendor-applications/submit/. `id` is the session id the success
 * route carries: random for the local provider, Stripe's own for Stripe. The success call asks the
 * provider whether it is paid and only then marks it so; the URL alone proves nothing.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    vendorApplicationId: integer('vendor_application_id')
      .notNull()
      .references(() => vendorApplications.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    /** Dollars, copied from the plan when the checkout was made. */
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    /** The subscription the provider made on payment (`subscription_id` of the success route). */
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: moment('paid_at'),
  },
  (t) => [
    index('checkout_sessions_application_idx').on(t.vendorApplicationId),
    check('checkout_sessions_provider_check', isOneOf(t.provider, PAYMENT_PROVIDERS)),
    check('checkout_sessions_status_check', isOneOf(t.status, CHECKOUT_STATUSES)),
  ],
);

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A vendor's subscription, kept in step with the provider by the success call and the webhook. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The local provider makes its own ids. */
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodEnd: moment('current_period_end'),
    canceledAt: moment('canceled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_provider_check', isOneOf(t.provider, PAYMENT_PROVIDERS)),
    check('subscriptions_status_check', isOneOf(t.status, SUBSCRIPTION_STATUSES)),
  ],
);

/** Provider webhook events by their id: a redelivered event is recognised and not applied twice. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: moment('processed_at'),
  },
  (t) => [check('payment_events_provider_check', isOneOf(t.provider, PAYMENT_PROVIDERS))],
);
