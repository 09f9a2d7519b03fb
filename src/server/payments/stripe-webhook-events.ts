import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { checkoutSessions, subscriptions } from '#server/db/schema/billing.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { StripePaymentProvider } from './stripe-payment-provider.ts';
import { fulfilPaidApplication } from './vendor-fulfilment.ts';

/**
 * A paid session makes the account through the same exactly-once fulfilment as the success call,
 * whichever comes first. The session is read again from Stripe (as the success call does) so the
 * subscription's status is current at the moment the account is made.
 */
async function fulfilSession(
  app: FastifyInstance,
  provider: StripePaymentProvider,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const [checkout] = await app.db
    .select({ applicationId: checkoutSessions.vendorApplicationId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'stripe')))
    .limit(1);
  if (!checkout) {
    log.warn({ sessionId }, 'Stripe webhook: a checkout session this server did not make');
    return;
  }
  const state = await provider.retrieveCheckout(sessionId);
  // Not paid yet (a delayed payment method): checkout.session.async_payment_succeeded follows.
  if (!state?.paid || !state.subscriptionId) return;
  try {
    await fulfilPaidApplication(
      app.db,
      checkout.applicationId,
      {
        checkoutId: sessionId,
        provider: 'stripe',
        subscriptionId: state.subscriptionId,
        customerId: state.customerId,
        subscriptionStatus: state.subscriptionStatus,
      },
      'webhook',
    );
  } catch (error) {
    // The email was taken after the application was submitted: a person has to sort out the payment;
    // redelivering the event would not change that.
    if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    log.error({ sessionId, applicationId: checkout.applicationId }, 'paid application whose email is taken');
  }
}

/**
 * Subscription events may arrive in any order (an old `updated` after a `deleted`), so the event's
 * snapshot is not applied: the subscription is read again from Stripe and its current status
 * written. A subscription without an account yet is left alone: the account's fulfilment reads the
 * status itself when it makes the row.
 */
async function syncSubscription(
  app: FastifyInstance,
  provider: StripePaymentProvider,
  subscription: Stripe.Subscription,
): Promise<void> {
  const current = await provider.subscriptionStatus(subscription.id);
  if (!current) return;
  await app.db
    .update(subscriptions)
    .set({ status: current.status, canceledAt: current.canceledAt, updatedAt: sql`now()` })
    .where(
      and(eq(subscriptions.providerSubscriptionId, subscription.id), eq(subscriptions.provider, 'stripe')),
    );
}

/** Applies one verified Stripe event; every branch is safe to run twice. */
export async function handleStripeEvent(
  app: FastifyInstance,
  provider: StripePaymentProvider,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return fulfilSession(app, provider, event.data.object.id, log);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(app, provider, event.data.object);
    default:
      return;
  }
}
