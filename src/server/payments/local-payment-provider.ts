import { eq } from 'drizzle-orm';
import { randomToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/database.ts';
import { checkoutSessions } from '#server/db/schema/billing.ts';
import type { CheckoutRequest, CheckoutState, CreatedCheckout, PaymentProvider } from './payment-provider.ts';

/** A local checkout may be paid within a day, like a hosted checkout page. */
export const LOCAL_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The default provider: the checkout page is served by this server (checkout-routes.ts) and takes
 * test cards only; its state lives in checkout_sessions.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly db: Db) {}

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    // The id is the only key to the checkout page: 256 random bits.
    const id = `cs_local_${randomToken()}`;
    await this.db.insert(checkoutSessions).values({
      id,
      provider: 'local',
      vendorApplicationId: request.vendorApplicationId,
      planId: request.plan.id,
      amount: request.plan.price,
      expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_LIFETIME_MS),
    });
    return { id, url: `/checkout/${id}` };
  }

  async retrieveCheckout(id: string): Promise<CheckoutState | null> {
    const [row] = await this.db
      .select({ status: checkoutSessions.status, subscriptionId: checkoutSessions.providerSubscriptionId })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id))
      .limit(1);
    if (!row) return null;
    return { paid: row.status === 'paid', subscriptionId: row.subscriptionId, customerId: null };
  }
}
