import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeClient, StripePaymentProvider } from './stripe-payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** Decorates the app with its payment provider: Stripe when STRIPE_SECRET_KEY is set, else `local`. */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const { stripe, publicUrl } = app.config;
  const provider: PaymentProvider = stripe
    ? new StripePaymentProvider(app.db, createStripeClient(stripe), publicUrl)
    : new LocalPaymentProvider(app.db);
  app.decorate('payments', provider);
});
