import Stripe from 'stripe';
import type { StripeConfig } from '#server/config/config.ts';
import type { Db } from '#server/db/database.ts';
import { checkoutSessions, type SubscriptionStatus } from '#server/db/schema/billing.ts';
import type { CheckoutRequest, CheckoutState, CreatedCheckout, PaymentProvider } from './payment-provider.ts';

/**
 * Stripe only fills in `{CHECKOUT_SESSION_ID}`; the spec's success route also carries the
 * subscription id, which exists only after payment. Stripe therefore returns the buyer here, and
 * this route (subscription-success-routes.ts) asks Stripe for the subscription and redirects to the
 * spec's route.
 */
export const stripeReturnPath = (sessionId: string) => `/stripe/vendor/subscription/return/${sessionId}/`;

const PRODUCT_NAME = 'FieldBid vendor subscription';

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
    timeout: 20_000,
    appInfo: { name: 'FieldBid' },
  });
}

/** Stripe's subscription statuses in the four the product knows (subscriptions.status). */
export function subscriptionStatusFrom(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}

/** Stripe Checkout in subscription mode (DESIGN.md, Runtime). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly db: Db,
    readonly stripe: Stripe,
    private readonly publicUrl: string,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const { plan } = request;
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.stripePriceId
      ? { price: plan.stripePriceId, quantity: 1 }
      : {
          quantity: 1,
          price_data: {
            currency: 'usd',
            // Cents, rounded: 49.99 is 4999.
            unit_amount: Math.round(plan.price * 100),
            recurring: { interval: plan.frequency === 'yearly' ? 'year' : 'month' },
            product_data: { name: `${PRODUCT_NAME}: ${plan.name}` },
          },
        };
    const applicationId = String(request.vendorApplicationId);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [lineItem],
      customer_email: request.customerEmail,
      client_reference_id: applicationId,
      metadata: { vendor_application_id: applicationId, plan_id: String(plan.id) },
      subscription_data: { metadata: { vendor_application_id: applicationId } },
      success_url: `${this.publicUrl}${stripeReturnPath('{CHECKOUT_SESSION_ID}')}`,
      cancel_url: `${this.publicUrl}/vendor-application`,
    });
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    await this.db.insert(checkoutSessions).values({
      id: session.id,
      provider: 'stripe',
      vendorApplicationId: request.vendorApplicationId,
      planId: plan.id,
      amount: plan.price,
      expiresAt: new Date(session.expires_at * 1000),
    });
    return { id: session.id, url: session.url };
  }

  /** Asks Stripe (never the URL or a stored flag) whether the session is paid, with its subscription. */
  async retrieveCheckout(id: string): Promise<CheckoutState | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const paid = session.status === 'complete' && session.payment_status === 'paid';
    const subscription = session.subscription;
    return {
      paid,
      subscriptionId: paid ? idOf(subscription) : null,
      customerId: idOf(session.customer),
      ...(subscription !== null && typeof subscription !== 'string'
        ? { subscriptionStatus: subscriptionStatusFrom(subscription.status) }
        : {}),
    };
  }

  /** The subscription's status now (webhook events may arrive in any order: re-read, never replay). */
  async subscriptionStatus(
    id: string,
  ): Promise<{ status: SubscriptionStatus; canceledAt: Date | null } | null> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(id);
      return {
        status: subscriptionStatusFrom(subscription.status),
        canceledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}
