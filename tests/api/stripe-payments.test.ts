import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentEvents, subscriptions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { type FakeSession, FakeStripeApi } from '../support/fake-stripe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { companyInfo, submitVendorApplication, visitor } from '../support/vendor-applicant.ts';

// Stripe Checkout and its webhook against a local fake of the Stripe API (DESIGN.md, Runtime).

const PUBLIC_URL = 'https://fieldbid.test';
const WEBHOOK_SECRET = 'whsec_fieldbid_test';
const fake = new FakeStripeApi();
const signer = new Stripe('sk_test_unused');
let t: TestApp;
let monthly: { id: number; price: number };
let yearly: { id: number; price: number };

beforeAll(async () => {
  const port = await fake.start();
  t = await startTestApp({
    publicUrl: PUBLIC_URL,
    stripe: {
      secretKey: 'sk_test_fieldbid',
      webhookSecret: WEBHOOK_SECRET,
      apiHost: '127.0.0.1',
      apiPort: port,
      apiProtocol: 'http',
    },
  });
  const rows = await t.db.select().from(plans);
  monthly = rows.find((plan) => plan.name === 'Monthly')!;
  yearly = rows.find((plan) => plan.name === 'Yearly')!;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

interface Applicant {
  client: TestClient;
  email: string;
  session: FakeSession;
}

/** A visitor who submitted the wizard and was sent to Stripe's checkout page. */
async function applicant(planId = monthly.id): Promise<Applicant> {
  const client = await visitor(t.app);
  const info = companyInfo();
  const url = await submitVendorApplication(client, planId, info);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(url)?.[1];
  expect(sessionId, url).toBeDefined();
  return { client, email: info.email, session: fake.sessions.get(sessionId!)! };
}

let eventSequence = 0;
function event(type: string, object: unknown) {
  eventSequence += 1;
  return {
    id: `evt_test_${eventSequence}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  };
}

/** Posts an event as Stripe does: the raw JSON and its signature header. */
function deliver(payload: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/stripe/webhook/',
    payload: body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

const successCall = (session: FakeSession) =>
  `/stripe/vendor/subscription/success/${session.id}/${session.subscription}/`;

async function accountsFor(email: string) {
  return t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
}

async function expectOneAccount(email: string) {
  const rows = await accountsFor(email);
  expect(rows).toHaveLength(1);
  const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rows[0]!.id));
  expect(subs).toHaveLength(1);
  return { userId: rows[0]!.id, subscription: subs[0]! };
}

describe('Stripe checkout', () => {
  it('creates a subscription-mode session with the plan price and the return addresses', async () => {
    const before = fake.createdWith.length;
    const { session } = await applicant(yearly.id);
    expect(fake.createdWith).toHaveLength(before + 1);
    const form = fake.createdWith.at(-1)!;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(Math.round(yearly.price * 100)));
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(form.get('line_items[0][price_data][product_data][name]')).toContain('Yearly');
    expect(form.get('success_url')).toBe(
      `${PUBLIC_URL}/stripe/vendor/subscription/return/{CHECKOUT_SESSION_ID}/`,
    );
    expect(form.get('cancel_url')).toBe(`${PUBLIC_URL}/vendor-application`);
    expect(session.customer_email).toMatch(/@rocky\.example$/);

    const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      planId: yearly.id,
      amount: yearly.price,
      status: 'open',
    });
  });

  it('sends the monthly plan as a monthly price', async () => {
    await applicant(monthly.id);
    const form = fake.createdWith.at(-1)!;
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
  });

  it('returns the buyer to the spec success route once Stripe says paid', async () => {
    const { session } = await applicant();
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/stripe/vendor/subscription/return/${session.id}/`,
    });
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.body).toContain('Payment not completed');
    fake.complete(session.id);
    const paid = await t.app.inject({
      method: 'GET',
      url: `/stripe/vendor/subscription/return/${session.id}/`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `/vendor-application/subscription/success/${session.id}/${session.subscription}`,
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/stripe/vendor/subscription/return/cs_test_nope/',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Stripe: success call and webhook in every order', () => {
  it('success call first, then the webhook: one account, the webhook changes nothing', async () => {
    const { client, email, session } = await applicant();
    fake.complete(session.id);
    const success = await client.get(successCall(session));
    expect(success.statusCode).toBe(200);
    const first = success.json<{ confirmation_number: string; password_token: string }>();
    expect(first.confirmation_number).toMatch(/^FB-[A-Z2-9]{8}$/);
    expect(first).not.toHaveProperty('api_key');
    expect(first.password_token).toBeTruthy();
    const { subscription } = await expectOneAccount(email);
    expect(subscription).toMatchObject({
      provider: 'stripe',
      status: 'active',
      providerSubscriptionId: session.subscription,
      providerCustomerId: session.customer,
    });

    const hook = await deliver(event('checkout.session.completed', session));
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    await expectOneAccount(email);

    const reload = (await client.get(successCall(session))).json();
    expect(reload.confirmation_number).toBe(first.confirmation_number);
    expect(reload.api_key).toBeUndefined();
  });

  it('webhook first (the buyer never came back yet), then the success call: same account, same answer', async () => {
    const { client, email, session } = await applicant();
    fake.complete(session.id);
    const hook = await deliver(event('checkout.session.completed', session));
    expect(hook.statusCode).toBe(200);
    const { userId } = await expectOneAccount(email);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ type: 'vendor', passwordHash: null });

    const success = await client.get(successCall(session));
    expect(success.statusCode).toBe(200);
    const body = success.json();
    expect(body.confirmation_number).toMatch(/^FB-/);
    expect(body.password_token).toBeTruthy();
    expect(body).not.toHaveProperty('api_key');
    const reload = (await client.get(successCall(session))).json();
    expect(reload.confirmation_number).toBe(body.confirmation_number);
    expect(reload.api_key).toBeUndefined();
    await expectOneAccount(email);
  });

  it('webhook and success call at the same moment make one account', async () => {
    const { client, email, session } = await applicant();
    fake.complete(session.id);
    const [hook, success] = await Promise.all([
      deliver(event('checkout.session.completed', session)),
      client.get(successCall(session)),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(success.statusCode).toBe(200);
    await expectOneAccount(email);
  });

  it('answers a redelivered event without applying it again', async () => {
    const { email, session } = await applicant();
    fake.complete(session.id);
    const completed = event('checkout.session.completed', session);
    expect((await deliver(completed)).json()).toEqual({ received: true });
    const again = await deliver(completed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await expectOneAccount(email);
    const rows = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, completed.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', type: 'checkout.session.completed' });
    expect(rows[0]!.processedAt).toBeInstanceOf(Date);
  });

  it('refuses an unpaid session in both the success call and the webhook', async () => {
    const { client, email, session } = await applicant();
    const early = await client.get(`/stripe/vendor/subscription/success/${session.id}/sub_test_made_up/`);
    expect(early.statusCode).toBe(402);
    fake.complete(session.id, { paid: false });
    expect((await client.get(successCall(session))).statusCode).toBe(402);
    const hook = await deliver(event('checkout.session.completed', session));
    expect(hook.statusCode).toBe(200);
    expect(await accountsFor(email)).toHaveLength(0);
  });
});

describe('Stripe webhook: signatures', () => {
  it('refuses a bad signature with 400 and records nothing', async () => {
    const { email, session } = await applicant();
    fake.complete(session.id);
    const forged = event('checkout.session.completed', session);
    const response = await deliver(forged, { secret: 'whsec_someone_else' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid signature.' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, forged.id))).toHaveLength(0);
    expect(await accountsFor(email)).toHaveLength(0);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/stripe/webhook/',
      payload: JSON.stringify(forged),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('refuses a signature older than 300 seconds (a replay)', async () => {
    const { email, session } = await applicant();
    fake.complete(session.id);
    const stale = await deliver(event('checkout.session.completed', session), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(400);
    expect(await accountsFor(email)).toHaveLength(0);
    const recent = await deliver(event('checkout.session.completed', session), {
      timestamp: Math.floor(Date.now() / 1000) - 240,
    });
    expect(recent.statusCode).toBe(200);
    await expectOneAccount(email);
  });

  it('needs no CSRF token or session (the signature is the proof)', async () => {
    const response = await deliver(event('invoice.created', { id: 'in_test_1', object: 'invoice' }));
    expect(response.statusCode).toBe(200);
  });
});

describe('Stripe webhook: subscription changes', () => {
  it('re-reads the subscription, so an old update arriving after a cancel changes nothing', async () => {
    const { client, email, session } = await applicant();
    fake.complete(session.id);
    await client.get(successCall(session));
    const subscriptionId = session.subscription!;

    const canceled = fake.setSubscriptionStatus(subscriptionId, 'canceled');
    expect((await deliver(event('customer.subscription.deleted', { ...canceled }))).statusCode).toBe(200);
    let { subscription } = await expectOneAccount(email);
    expect(subscription.status).toBe('canceled');
    expect(subscription.canceledAt).toBeInstanceOf(Date);

    // A late, older "updated" snapshot still saying active: Stripe's current answer wins.
    const stale = { ...canceled, status: 'active', canceled_at: null };
    expect((await deliver(event('customer.subscription.updated', stale))).statusCode).toBe(200);
    ({ subscription } = await expectOneAccount(email));
    expect(subscription.status).toBe('canceled');
  });

  it('maps past_due and keeps an update that came before the account existed', async () => {
    const { client, email, session } = await applicant();
    fake.complete(session.id);
    const pastDue = fake.setSubscriptionStatus(session.subscription!, 'past_due');
    // No account yet: the event is recorded, and the account is made with Stripe's current status.
    expect((await deliver(event('customer.subscription.updated', { ...pastDue }))).statusCode).toBe(200);
    expect(await accountsFor(email)).toHaveLength(0);
    expect((await client.get(successCall(session))).statusCode).toBe(200);
    const { subscription } = await expectOneAccount(email);
    expect(subscription.status).toBe('past_due');

    fake.setSubscriptionStatus(session.subscription!, 'active');
    await deliver(event('customer.subscription.updated', fake.subscriptions.get(session.subscription!)));
    expect((await expectOneAccount(email)).subscription.status).toBe('active');
    const processed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(sql`${paymentEvents.processedAt} is null`);
    expect(processed[0]!.n).toBe(0);
  });
});
