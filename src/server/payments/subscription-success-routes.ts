import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { checkoutSessions } from '#server/db/schema/billing.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses, htmlPage, redirect } from '#server/http/route-schemas.ts';
import { vendorSuccessResponseSchema } from '#shared/vendor-application.ts';
import { CHECKOUT_PAGE_CSP, renderCheckoutMessage } from './checkout-page.ts';
import { fulfilPaidApplication } from './vendor-fulfilment.ts';

const NOT_FOUND = 'Application not found.';

/** The spec's success route in the app (public spec, section 2). */
export const successPagePath = (checkoutId: string, subscriptionId: string) =>
  `/vendor-application/subscription/success/${encodeURIComponent(checkoutId)}/${encodeURIComponent(subscriptionId)}`;

/**
 * GET /stripe/vendor/subscription/success/{session_id}/{subscription_id}/ (public spec, section 7):
 * asks the provider whether the checkout is paid (the URL proves nothing), fulfils the application
 * once, and answers only the session that submitted it; anyone else gets 404. Errors are `{error}`.
 */
export async function subscriptionSuccessRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const successSchema = {
    summary:
      'Fulfil a paid vendor application: its confirmation number and a set-password token (no API key: made in Settings)',
    params: z.object({ sessionId: z.string(), subscriptionId: z.string() }),
    response: { ...errorResponses, 200: vendorSuccessResponseSchema },
  };
  api.get(
    '/stripe/vendor/subscription/success/:sessionId/:subscriptionId/',
    { schema: successSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { sessionId: checkoutId, subscriptionId } = request.params;
      const { session } = request.auth;
      const [found] = await app.db
        .select({ applicationId: vendorApplications.id, ownerSession: vendorApplications.sessionId })
        .from(checkoutSessions)
        .innerJoin(vendorApplications, eq(vendorApplications.id, checkoutSessions.vendorApplicationId))
        .where(eq(checkoutSessions.id, checkoutId))
        .limit(1);
      if (!found || !session || found.ownerSession !== session.id)
        throw new HttpError(404, { error: NOT_FOUND });

      const state = await app.payments.retrieveCheckout(checkoutId);
      if (!state) throw new HttpError(404, { error: NOT_FOUND });
      if (!state.paid || !state.subscriptionId) {
        throw new HttpError(402, { error: 'Payment has not been completed for this application.' });
      }
      if (state.subscriptionId !== subscriptionId) throw new HttpError(404, { error: NOT_FOUND });

      return fulfilPaidApplication(
        app.db,
        found.applicationId,
        {
          checkoutId,
          provider: app.payments.name,
          subscriptionId: state.subscriptionId,
          customerId: state.customerId,
          subscriptionStatus: state.subscriptionStatus,
        },
        'browser',
      );
    },
  );

  /**
   * Where a hosted checkout (Stripe) returns the buyer: it can only name the session, so this asks
   * the provider for the subscription and sends the browser on to the spec's success route.
   */
  const returnSchema = {
    summary: 'Where Stripe Checkout sends the buyer back: on to the success page once paid',
    security: PUBLIC,
    params: z.object({ sessionId: z.string() }),
    produces: ['text/html'],
    response: {
      ...errorResponses,
      303: redirect('Paid: on to the success page'),
      402: htmlPage('The payment is not completed'),
      404: htmlPage('No such checkout'),
    },
  };
  api.get(
    '/stripe/vendor/subscription/return/:sessionId/',
    { schema: returnSchema },
    async (request, reply) => {
      const state = await app.payments.retrieveCheckout(request.params.sessionId);
      if (state?.paid && state.subscriptionId) {
        return reply.redirect(successPagePath(request.params.sessionId, state.subscriptionId), 303);
      }
      const [title, message] = state
        ? ['Payment not completed', 'Your payment has not been completed yet. Please try again.']
        : ['Checkout not found', 'This checkout link is not valid.'];
      return reply
        .status(state ? 402 : 404)
        .header('cache-control', 'no-store')
        .header('content-security-policy', CHECKOUT_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderCheckoutMessage(title, message));
    },
  );
}
