import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../applications/application-session.ts';
import { vendorApplications } from '../db/schema/applications.ts';
import { checkoutSessions } from '../db/schema/billing.ts';
import { HttpError } from '../http/http-error.ts';
import { fulfilVendorApplication } from './vendor-fulfilment.ts';

const NOT_FOUND = 'Application not found.';

/**
 * GET /stripe/vendor/subscription/success/{session_id}/{subscription_id}/ (public spec, section 7):
 * asks the provider whether the checkout is paid (the URL proves nothing), fulfils the application
 * once, and answers only the session that submitted it; anyone else gets 404. Errors are `{error}`.
 */
export async function subscriptionSuccessRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { sessionId: string; subscriptionId: string } }>(
    '/stripe/vendor/subscription/success/:sessionId/:subscriptionId/',
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

      const paid = {
        checkoutId,
        provider: app.payments.name,
        subscriptionId: state.subscriptionId,
        customerId: state.customerId,
      };
      try {
        return await fulfilVendorApplication(app.db, found.applicationId, paid);
      } catch (error) {
        // A concurrent call won the race: its account stands, answer as a reload.
        if (!isUniqueViolation(error)) throw error;
      }
      try {
        return await fulfilVendorApplication(app.db, found.applicationId, paid);
      } catch (error) {
        // Still refused: the email was taken by another account after the application was submitted.
        if (!isUniqueViolation(error)) throw error;
        throw new HttpError(409, {
          error:
            'An account with this email address already exists. Please contact support about your payment.',
        });
      }
    },
  );
}
