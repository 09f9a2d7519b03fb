import type { PaymentProvider as ProviderName, SubscriptionStatus } from '#server/db/schema/billing.ts';

/** What a checkout sells: one vendor application's subscription to one plan. */
export interface CheckoutRequest {
  vendorApplicationId: number;
  plan: { id: number; name: string; price: number; frequency: string; stripePriceId?: string | null };
  customerEmail: string;
}

export interface CreatedCheckout {
  /** The provider's session id: the success route's `session_id`. */
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface CheckoutState {
  paid: boolean;
  /** The subscription the provider made on payment; null until paid. */
  subscriptionId: string | null;
  customerId: string | null;
  /**
   * The subscription's status as the provider sees it now; absent means active once paid. Read at
   * fulfilment, so an update that arrived before the account existed is not lost.
   */
  subscriptionStatus?: SubscriptionStatus;
}

/**
 * The payment adapter (DESIGN.md, Runtime): `local` by default, Stripe when configured. The success
 * route always asks `retrieveCheckout`; a URL claiming payment proves nothing.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** null when the provider does not know the id. */
  retrieveCheckout(id: string): Promise<CheckoutState | null>;
}
