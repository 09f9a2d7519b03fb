import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { randomToken, safeEqual } from '#server/auth/tokens.ts';
import { checkoutSessions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { errorResponses, htmlPage, redirect } from '#server/http/route-schemas.ts';
import { errorBodySchema } from '#shared/api-errors.ts';
import { checkoutFormSchema } from '#shared/checkout.ts';
import { CHECKOUT_PAGE_CSP, renderCheckoutMessage, renderCheckoutPage } from './checkout-page.ts';
import { successPagePath } from './subscription-success-routes.ts';

const PRODUCT_NAME = 'FieldBid vendor subscription';
const FORM_COOKIE = 'fieldbid_checkout';
const SUCCEEDS = '4242424242424242';
const DECLINED = '4000000000000002';

type Row = Awaited<ReturnType<typeof loadCheckout>>;

async function loadCheckout(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({
      id: checkoutSessions.id,
      status: checkoutSessions.status,
      amount: checkoutSessions.amount,
      expiresAt: checkoutSessions.expiresAt,
      subscriptionId: checkoutSessions.providerSubscriptionId,
      planName: plans.name,
      frequency: plans.frequency,
    })
    .from(checkoutSessions)
    .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'local')))
    .limit(1);
  return row ?? null;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', CHECKOUT_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(body);
}

/** Answers a checkout that cannot take a card (unknown, paid, expired), or null when it can. */
function unpayable(reply: FastifyReply, row: Row) {
  if (!row)
    return html(reply, 404, renderCheckoutMessage('Checkout not found', 'This checkout link is not valid.'));
  if (row.status === 'paid' && row.subscriptionId)
    return reply.redirect(successPagePath(row.id, row.subscriptionId), 303);
  if (row.status !== 'open' || row.expiresAt <= new Date()) {
    return html(
      reply,
      410,
      renderCheckoutMessage(
        'Checkout expired',
        'This checkout has expired. Please submit your application again.',
      ),
    );
  }
  return null;
}

function page(reply: FastifyReply, status: number, row: NonNullable<Row>, error?: string, cardName?: string) {
  // Double-submit token: the form carries the value of a cookie scoped to this checkout, so a form
  // posted from another site (which cannot read the cookie, and with SameSite=Strict does not send
  // it) is refused even by someone who learned the checkout address.
  const formToken = randomToken();
  reply.setCookie(FORM_COOKIE, formToken, {
    path: `/checkout/${row.id}`,
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
  });
  const view = {
    checkoutId: row.id,
    productName: PRODUCT_NAME,
    planName: row.planName,
    frequency: row.frequency,
  };
  return html(reply, status, renderCheckoutPage({ ...view, amount: row.amount, formToken, error, cardName }));
}

/** The local payment provider's checkout page (DESIGN.md, Runtime). */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  // The card form posts urlencoded; only this plugin's routes accept it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string() });
  const pageSchema = {
    summary: "The local provider's checkout page (a test card form)",
    security: PUBLIC,
    params,
    produces: ['text/html'],
    response: {
      ...errorResponses,
      200: htmlPage('The card form'),
      303: redirect('Already paid: on to the success page'),
      404: htmlPage('No such checkout'),
      410: htmlPage('The checkout expired'),
    },
  };
  api.get('/checkout/:id', { schema: pageSchema }, async (request, reply) => {
    const row = await loadCheckout(app, request.params.id);
    return unpayable(reply, row) ?? page(reply, 200, row!);
  });

  const paySchema = {
    summary: "Pay a local checkout with the test card (the card form's own post)",
    params,
    formBody: checkoutFormSchema,
    consumes: ['application/x-www-form-urlencoded'],
    response: {
      ...errorResponses,
      303: redirect('Paid: on to the success page'),
      '4xx': {
        description: 'The form again with what to correct, or why the checkout cannot be paid',
        content: { 'text/html': { schema: z.string() }, 'application/json': { schema: errorBodySchema } },
      },
    },
  };
  api.post('/checkout/:id/pay', { schema: paySchema, config: { csrf: false } }, async (request, reply) => {
    const row = await loadCheckout(app, request.params.id);
    const refused = unpayable(reply, row);
    if (refused) return refused;
    const checkout = row!;
    // This plugin's urlencoded parser gives string values (or no body at all).
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const cookie = request.cookies[FORM_COOKIE];
    if (!cookie || typeof form.form_token !== 'string' || !safeEqual(cookie, form.form_token)) {
      return page(reply, 403, checkout, 'This payment form has expired. Please try again.');
    }
    const card = String(form.card_number ?? '').replace(/[\s-]/g, '');
    const refuse = (code: number, message: string) =>
      page(reply, code, checkout, message, String(form.card_name ?? '').slice(0, 200));
    if (card === DECLINED) return refuse(402, 'Your card was declined. Please use a different card.');
    if (card !== SUCCEEDS)
      return refuse(400, 'This test checkout accepts only the test card 4242 4242 4242 4242.');
    if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(String(form.expiry ?? '').trim())) {
      return refuse(400, 'Please enter the expiry date as MM/YY.');
    }
    if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim())) {
      return refuse(400, 'Please enter the 3 or 4 digit security code.');
    }
    // Only an open checkout turns paid: a second submit of the same form finds it paid and is
    // sent to the same success address.
    const [paid] = await app.db
      .update(checkoutSessions)
      .set({ status: 'paid', providerSubscriptionId: `sub_local_${randomToken(18)}`, paidAt: sql`now()` })
      .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')))
      .returning({ subscriptionId: checkoutSessions.providerSubscriptionId });
    const subscriptionId = paid?.subscriptionId ?? (await loadCheckout(app, checkout.id))?.subscriptionId;
    if (!subscriptionId)
      return html(reply, 409, renderCheckoutMessage('Checkout closed', 'This checkout is closed.'));
    reply.clearCookie(FORM_COOKIE, { path: `/checkout/${checkout.id}` });
    return reply.redirect(successPagePath(checkout.id, subscriptionId), 303);
  });
}
