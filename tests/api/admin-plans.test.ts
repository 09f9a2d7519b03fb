import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

const BASE = '/api/admin/plans';
let t: TestApp;
let staff: TestClient;
let manager: TestClient;
let vendor: TestClient;
let vendorUserId: number;

const newPlan = (overrides: Record<string, unknown> = {}) => ({
  name: 'Quarterly Pro',
  price: 129.5,
  frequency: 'monthly',
  description: 'For larger crews.',
  is_active: true,
  sort_order: 5,
  ...overrides,
});

async function signedIn(email: string, address: string): Promise<TestClient> {
  const client = new TestClient(t.app, address);
  expect((await client.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

/** Signed out, with a session and its CSRF token as the browser has them: the write reaches the handler. */
async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app, '10.7.0.9');
  await client.csrfToken();
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
  staff = await signedIn((await makeUser(t.db, { type: null, isStaff: true })).email, '10.7.0.1');
  manager = await signedIn((await makeUser(t.db, { type: 'property_manager' })).email, '10.7.0.2');
  const vendorUser = await makeUser(t.db, { type: 'vendor' });
  vendorUserId = vendorUser.id;
  vendor = await signedIn(vendorUser.email, '10.7.0.3');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/plans/', () => {
  it('lists every plan, inactive ones too, with what refers to them, for staff', async () => {
    const [legacy] = await t.db
      .insert(plans)
      .values({ name: 'Legacy', price: 10, frequency: 'monthly', isActive: false, sortOrder: 9 })
      .returning();
    const response = await staff.get(`${BASE}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total_pages: 1, current_page: 1 });
    expect(body.count).toBe(body.results.length);
    const names = body.results.map((plan: { name: string }) => plan.name);
    expect(names.slice(0, 2)).toEqual(['Monthly', 'Yearly']);
    expect(names).toContain('Legacy');
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Monthly',
      price: 49,
      frequency: 'monthly',
      description: expect.any(String),
      is_active: true,
      sort_order: 1,
      stripe_price_id: null,
      in_use: false,
      subscriber_count: 0,
    });
    await t.db.delete(plans).where(eq(plans.id, legacy!.id));
  });

  it('refuses managers and vendors with 403 and visitors with 401', async () => {
    expect((await manager.get(`${BASE}/`)).statusCode).toBe(403);
    expect((await vendor.get(`${BASE}/`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/` })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/plans/', () => {
  it('creates a plan that the vendor wizard then offers', async () => {
    const response = await staff.post(`${BASE}/`, newPlan({ stripe_price_id: 'price_1Abc' }));
    expect(response.statusCode).toBe(201);
    const plan = response.json();
    expect(plan).toMatchObject({
      name: 'Quarterly Pro',
      price: 129.5,
      is_active: true,
      sort_order: 5,
      stripe_price_id: 'price_1Abc',
      in_use: false,
    });
    const offered = (await t.app.inject({ method: 'GET', url: '/api/vendor-plans/' })).json();
    expect(offered.map((p: { id: number }) => p.id)).toContain(plan.id);
    await t.db.delete(plans).where(eq(plans.id, plan.id));
  });

  it('answers 400 with a message per field from the shared schema', async () => {
    const response = await staff.post(`${BASE}/`, {
      name: '  ',
      price: -3,
      frequency: 'weekly',
      sort_order: 1.5,
      stripe_price_id: 'prod_1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: ['Enter a plan name.'],
      price: ['Enter a price from 0 to 100,000 dollars.'],
      frequency: ['Choose monthly or yearly.'],
      sort_order: ['Enter a whole number from 0 to 10,000.'],
      stripe_price_id: [expect.stringContaining('price_')],
    });
    const cents = await staff.post(`${BASE}/`, newPlan({ price: 10.005 }));
    expect(cents.json().errors).toEqual({ price: ['Use at most 2 decimal places.'] });
    const empty = await staff.post(`${BASE}/`, {});
    expect(Object.keys(empty.json().errors).sort()).toEqual(['frequency', 'name', 'price']);
  });

  it('refuses managers, vendors and visitors, and a cookie write without the CSRF header', async () => {
    expect((await manager.post(`${BASE}/`, newPlan())).statusCode).toBe(403);
    expect((await vendor.post(`${BASE}/`, newPlan())).statusCode).toBe(403);
    expect((await (await visitor()).post(`${BASE}/`, newPlan())).statusCode).toBe(401);
    expect((await staff.post(`${BASE}/`, newPlan(), { csrf: false })).statusCode).toBe(403);
    expect(await t.db.select().from(plans).where(eq(plans.name, 'Quarterly Pro'))).toHaveLength(0);
  });
});

describe('PUT /api/admin/plans/{id}/', () => {
  it('replaces the plan; deactivating hides it from the wizard, activating brings it back', async () => {
    const created = (await staff.post(`${BASE}/`, newPlan({ name: 'Seasonal' }))).json();
    const off = await staff.request('PUT', `${BASE}/${created.id}/`, {
      json: newPlan({ name: 'Seasonal Plus', price: 99, frequency: 'yearly', is_active: false }),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: created.id, name: 'Seasonal Plus', price: 99, is_active: false });
    const offered = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/vendor-plans/' }))
        .json()
        .map((p: { id: number }) => p.id);
    expect(await offered()).not.toContain(created.id);
    const on = await staff.request('PUT', `${BASE}/${created.id}`, {
      json: { ...off.json<Record<string, unknown>>(), is_active: true },
    });
    expect(on.statusCode).toBe(200);
    expect(await offered()).toContain(created.id);
    await t.db.delete(plans).where(eq(plans.id, created.id));
  });

  it('answers 400 for an invalid body and 404 for an unknown plan', async () => {
    const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
    const invalid = await staff.request('PUT', `${BASE}/${monthly!.id}/`, {
      json: newPlan({ price: 'lots' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.price).toEqual([expect.stringContaining('Enter a price')]);
    expect((await staff.request('PUT', `${BASE}/999999/`, { json: newPlan() })).statusCode).toBe(404);
    expect((await staff.request('PUT', `${BASE}/abc/`, { json: newPlan() })).statusCode).toBe(404);
    const [unchanged] = await t.db.select().from(plans).where(eq(plans.id, monthly!.id));
    expect(unchanged!.price).toBe(49);
  });

  it('refuses managers and vendors with 403 and visitors with 401', async () => {
    const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
    const url = `${BASE}/${monthly!.id}/`;
    expect((await manager.request('PUT', url, { json: newPlan() })).statusCode).toBe(403);
    expect((await vendor.request('PUT', url, { json: newPlan() })).statusCode).toBe(403);
    expect((await (await visitor()).request('PUT', url, { json: newPlan() })).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/plans/{id}/', () => {
  it('deletes a plan nothing refers to', async () => {
    const created = (await staff.post(`${BASE}/`, newPlan({ name: 'Short-lived' }))).json();
    const response = await staff.request('DELETE', `${BASE}/${created.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(plans).where(eq(plans.id, created.id))).toHaveLength(0);
    expect((await staff.request('DELETE', `${BASE}/${created.id}/`)).statusCode).toBe(404);
  });

  it('deactivates a plan in use instead of deleting it', async () => {
    const created = (await staff.post(`${BASE}/`, newPlan({ name: 'Subscribed' }))).json();
    await t.db.insert(subscriptions).values({
      userId: vendorUserId,
      planId: created.id,
      provider: 'local',
      providerSubscriptionId: `sub_local_admin_${created.id}`,
      status: 'active',
    });
    const listed = (await staff.get(`${BASE}/`))
      .json()
      .results.find((p: { id: number }) => p.id === created.id);
    expect(listed).toMatchObject({ in_use: true, subscriber_count: 1 });

    const response = await staff.request('DELETE', `${BASE}/${created.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deactivated: true, plan: { id: created.id, is_active: false } });
    const [kept] = await t.db.select().from(plans).where(eq(plans.id, created.id));
    expect(kept).toMatchObject({ isActive: false });
  });

  it('refuses managers and vendors with 403 and visitors with 401', async () => {
    const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
    const url = `${BASE}/${monthly!.id}/`;
    expect((await manager.request('DELETE', url)).statusCode).toBe(403);
    expect((await vendor.request('DELETE', url)).statusCode).toBe(403);
    expect((await (await visitor()).request('DELETE', url)).statusCode).toBe(401);
    expect(await t.db.select().from(plans).where(eq(plans.id, monthly!.id))).toHaveLength(1);
  });
});
