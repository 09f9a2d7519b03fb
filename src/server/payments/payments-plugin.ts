import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** Decorates the app with its payment provider: `local` (Stripe is not wired yet). */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('payments', new LocalPaymentProvider(app.db));
});
