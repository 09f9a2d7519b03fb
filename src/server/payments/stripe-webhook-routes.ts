import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { stripeWebhookAnswerSchema } from '#shared/checkout.ts';
import { StripePaymentProvider } from './stripe-payment-provider.ts';
import { handleStripeEvent } from './stripe-webhook-events.ts';

/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * POST /stripe/webhook/: Stripe's signed events (registered only when Stripe is the provider). The
 * signature is checked over the raw bytes, so this plugin keeps JSON bodies as a Buffer (its own
 * parser, scoped to this plugin). The signature replaces CSRF and sessions as proof of the caller.
 * Events are recorded by id in payment_events: a redelivered event that was applied is answered
 * without doing anything again; one that failed halfway is applied again (every branch is idempotent).
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  const provider = app.payments;
  const secret = app.config.stripe?.webhookSecret;
  if (!secret || !(provider instanceof StripePaymentProvider)) return;

  // The root's JSON parser (http/empty-json-body.ts) is replaced in this scope only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  const schema = {
    summary:
      "Stripe's signed events (only when Stripe is the payment provider); the Stripe-Signature header proves the caller",
    consumes: ['application/json'],
    response: { ...errorResponses, 200: stripeWebhookAnswerSchema },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/stripe/webhook/', { schema, config: { csrf: false } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
      throw new HttpError(400, { error: 'A signed JSON event is required.' });
    }
    let event: Stripe.Event;
    try {
      event = provider.stripe.webhooks.constructEvent(
        request.body,
        signature,
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw new HttpError(400, { error: 'Invalid signature.' });
    }

    const [seen] = await app.db
      .select({ processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id));
    if (seen?.processedAt) return { received: true as const, duplicate: true as const };
    if (!seen) {
      await app.db
        .insert(paymentEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, payload: event })
        .onConflictDoNothing();
    }
    await handleStripeEvent(app, provider, event, request.log);
    await app.db.update(paymentEvents).set({ processedAt: sql`now()` }).where(eq(paymentEvents.id, event.id));
    return { received: true as const };
  });
}
