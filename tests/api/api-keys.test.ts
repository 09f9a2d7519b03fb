import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROUTES } from '#server/auth/api-key-scope.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { plans } from '#server/db/schema/plans.ts';
import { rateLimits } from '#server/db/schema/rate-limits.ts';
import { apiKeys, users } from '#server/db/schema/users.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { companyInfo, visitor as newVisitor, submitVendorApplication } from '../support/vendor-applicant.ts';

let t: TestApp;
let dataDir: string;
let monthlyPlanId: number;
const routes: RouteOptions[] = [];
let subscriptionSequence = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-api-keys-'));
  t = await startTestApp({ dataDir }, { onRoute: (route) => routes.push(route) });
  const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  monthlyPlanId = monthly!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A Plumbing vendor with a subscription in `status`, signed in, and one key made in Settings. */
async function vendorWithKey(status: 'active' | 'past_due' = 'active') {
  const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  subscriptionSequence += 1;
  await t.db.insert(subscriptions).values({
    userId: vendor.id,
    planId: monthlyPlanId,
    provider: 'local',
    providerSubscriptionId: `sub_api_keys_${subscriptionSequence}_${Date.now()}`,
    status,
  });
  const session = await signIn(t.app, vendor.email);
  const created = await session.post('/api/vendor/api-keys/', { name: 'Dispatch system' });
  expect(created.statusCode).toBe(201);
  return { vendor, session, key: created.json<{ key: string; id: number }>().key, created: created.json() };
}

function withKey(
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const bidBody = (amount: number) => ({
  amount,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: '2099-02-01T08:00:00.000Z',
  notes: 'Sent by the dispatch system',
});

describe('vendor API keys: what a key may do', () => {
  it('reaches every allowlisted route of the vendor own API', async () => {
    const { vendor, key } = await vendorWithKey();
    const world = await makeRequestWorld(t.db);
    const request = await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id });
    const [notice] = await t.db
      .insert(notifications)
      .values({ userId: vendor.id, title: 'New job', relatedRequestId: request.id })
      .returning();

    const jobs = await withKey(key, 'GET', '/api/vendor/jobs/');
    expect(jobs.statusCode).toBe(200);
    expect(jobs.body).toContain(`"id":${request.id}`);
    const placed = await withKey(key, 'POST', `/api/requests/${request.id}/bid/`, bidBody(480));
    expect(placed.statusCode).toBe(201);
    const bidId = placed.json<{ id: number }>().id;
    const calls: Array<[string, 'GET' | 'POST' | 'PUT', string, unknown, number]> = [
      ['GET /api/requests/:id/', 'GET', `/api/requests/${request.id}/`, undefined, 200],
      ['GET /api/vendor/bids/', 'GET', '/api/vendor/bids/', undefined, 200],
      ['GET /api/bids/:id/', 'GET', `/api/bids/${bidId}/`, undefined, 200],
      ['PUT /api/requests/:id/bid/', 'PUT', `/api/requests/${request.id}/bid/`, bidBody(450), 200],
      ['GET /api/bids/:id/history/', 'GET', `/api/bids/${bidId}/history/`, undefined, 200],
      [
        'POST /api/messages/',
        'POST',
        '/api/messages/',
        { request: request.id, vendor: vendor.id, content: 'On our way' },
        201,
      ],
      ['GET /api/messages/', 'GET', `/api/messages/?request=${request.id}`, undefined, 200],
      ['POST /api/messages/read/', 'POST', '/api/messages/read/', { request: request.id }, 200],
      ['GET /api/messages/conversations/', 'GET', '/api/messages/conversations/', undefined, 200],
      ['GET /api/notifications/', 'GET', '/api/notifications/', undefined, 200],
      [
        'POST /api/notifications/:id/mark-read/',
        'POST',
        `/api/notifications/${notice!.id}/mark-read/`,
        undefined,
        200,
      ],
      ['POST /api/notifications/mark-all-read/', 'POST', '/api/notifications/mark-all-read/', undefined, 200],
      ['GET /api/user-profile/', 'GET', '/api/user-profile/', undefined, 200],
      ['GET /api/vendor/dashboard/', 'GET', '/api/vendor/dashboard/', undefined, 200],
      ['POST /api/bids/:id/withdraw/', 'POST', `/api/bids/${bidId}/withdraw/`, undefined, 200],
    ];
    const reached = new Set(['GET /api/vendor/jobs/', 'POST /api/requests/:id/bid/']);
    for (const [route, method, url, body, status] of calls) {
      const response = await withKey(key, method, url, body);
      expect(response.statusCode, `${route}: ${response.body}`).toBe(status);
      reached.add(route);
    }
    expect([...reached].sort()).toEqual([...API_KEY_ROUTES].sort());
    // The bid and the message are the vendor's, as if it had used the app.
    expect((await withKey(key, 'GET', '/api/vendor/bids/')).body).toContain('"amount":450');
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, vendor.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses every other route of the route table with 403 API_KEY_NOT_ALLOWED', async () => {
    const { key } = await vendorWithKey();
    // Pages and static files never read credentials (auth-context.ts needsAuth), nor do the health
    // probes (config.anonymous: they answer everyone alike): nothing to refuse.
    const notRead = new Set([
      'GET /api/health/',
      'GET /api/health/ready',
      'GET /*',
      'GET /static/panorama/demo.png',
      'GET /unsubscribe/:token',
      'GET /static/*',
      'GET /static',
    ]);
    const refused: string[] = [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        if (method === 'HEAD' || API_KEY_ROUTES.has(name) || notRead.has(name)) continue;
        const url = route.url.replace(/:\w+/g, '1').replace('*', 'x');
        const response = await withKey(key, method as 'GET', url, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
        expect(response.json(), name).toEqual({
          detail: 'An API key cannot be used for this. Sign in to FieldBid instead.',
          code: 'API_KEY_NOT_ALLOWED',
        });
        refused.push(name);
      }
    }
    // The ones the brief names outright, so a rename cannot silently drop them from this loop.
    for (const name of [
      'POST /api/vendor/api-keys/',
      'GET /api/vendor/api-keys/',
      'DELETE /api/vendor/api-keys/:id/',
      'PUT /api/user-profile/',
      'POST /api/users/set-password/',
      'POST /api/users/logout/',
      'GET /api/admin/users/',
      'GET /api/property-manager/dashboard/',
    ]) {
      expect(refused).toContain(name);
    }
    expect(refused.length).toBeGreaterThan(80);
  });

  it('is refused 401 for an unknown key, a deactivated vendor and an inactive subscription', async () => {
    expect((await withKey('fb_not-a-key', 'GET', '/api/vendor/jobs/')).json()).toMatchObject({
      code: 'API_KEY_INVALID',
    });
    const { vendor, key } = await vendorWithKey();
    expect((await withKey(key, 'GET', '/api/vendor/jobs/')).statusCode).toBe(200);
    const staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
    expect((await staff.post(`/api/admin/users/${vendor.id}/deactivate/`, {})).statusCode).toBe(200);
    const deactivated = await withKey(key, 'GET', '/api/vendor/jobs/');
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json()).toMatchObject({ code: 'API_KEY_INACTIVE' });

    const pastDue = await vendorWithKey('past_due');
    const unpaid = await withKey(pastDue.key, 'GET', '/api/vendor/jobs/');
    expect(unpaid.statusCode).toBe(401);
    expect(unpaid.json()).toMatchObject({ code: 'API_KEY_INACTIVE' });
  });

  it('limits each key to 600 requests a minute (429 with Retry-After), in the shared table', async () => {
    const { key, created } = await vendorWithKey();
    const other = await vendorWithKey();
    await t.db.insert(rateLimits).values({
      key: `api-key:${(created as { id: number }).id}`,
      hits: 599,
      windowEndsAt: new Date(Date.now() + 45_000),
    });
    expect((await withKey(key, 'GET', '/api/vendor/dashboard/')).statusCode).toBe(200);
    const limited = await withKey(key, 'GET', '/api/vendor/dashboard/');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'API_KEY_RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(40);
    expect(retryAfter).toBeLessThanOrEqual(46);
    expect((await withKey(other.key, 'GET', '/api/vendor/dashboard/')).statusCode).toBe(200);
  });
});

describe('vendor API keys: managing them in Settings', () => {
  it('shows a new key once, lists only its last four, and a revoked key is refused at once', async () => {
    const { session, key, created, vendor } = await vendorWithKey();
    expect(created).toMatchObject({ name: 'Dispatch system', last_four: key.slice(-4) });
    expect(key).toMatch(/^fb_[\w-]{43}$/);
    const list = await session.get('/api/vendor/api-keys/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'Dispatch system', last_four: key.slice(-4), last_used_at: null }),
    ]);
    expect(list.body).not.toContain(key);
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, vendor.id));
    expect(stored!.keyHash).not.toContain(key);

    // Cached by a use, then revoked: the very next request is refused.
    expect((await withKey(key, 'GET', '/api/vendor/jobs/')).statusCode).toBe(200);
    const id = (created as { id: number }).id;
    const revoked = await session.request('DELETE', `/api/vendor/api-keys/${id}/`);
    expect(revoked.statusCode).toBe(204);
    const refused = await withKey(key, 'GET', '/api/vendor/jobs/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'API_KEY_INVALID' });
    expect((await session.get('/api/vendor/api-keys/')).json()).toEqual([]);
    expect((await session.request('DELETE', `/api/vendor/api-keys/${id}/`)).statusCode).toBe(404);
  });

  it('tells every process through the auth-changes channel when a key is revoked', async () => {
    const { vendor, created } = await vendorWithKey();
    const payloads: string[] = [];
    const listener = await t.database.listen('fieldbid_auth_changes', (payload) => payloads.push(payload));
    try {
      await t.db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.userId, vendor.id));
      await listener.sync();
      expect(payloads).not.toContain(`u:${vendor.id}`);
      await t.db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(eq(apiKeys.id, (created as { id: number }).id));
      await listener.sync();
      expect(payloads).toContain(`u:${vendor.id}`);
    } finally {
      await listener.stop();
    }
  });

  it("keeps each vendor's keys its own, refuses non-vendors, and validates the name", async () => {
    const a = await vendorWithKey();
    const b = await vendorWithKey();
    expect((await b.session.get('/api/vendor/api-keys/')).json()).toHaveLength(1);
    const id = (a.created as { id: number }).id;
    expect((await b.session.request('DELETE', `/api/vendor/api-keys/${id}/`)).statusCode).toBe(404);
    expect((await withKey(a.key, 'GET', '/api/vendor/jobs/')).statusCode).toBe(200);
    const blank = await a.session.post('/api/vendor/api-keys/', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ errors: { name: ['Give the key a name.'] } });
    const world = await makeRequestWorld(t.db);
    const manager = await signIn(t.app, world.manager.email);
    expect((await manager.get('/api/vendor/api-keys/')).statusCode).toBe(403);
    expect((await manager.post('/api/vendor/api-keys/', { name: 'x' })).statusCode).toBe(403);
  });

  it('makes no key at payment: the new vendor creates one and it works', async () => {
    const client: TestClient = await newVisitor(t.app);
    const info = companyInfo();
    const url = await submitVendorApplication(client, monthlyPlanId, info);
    const page = await client.get(url);
    const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const form = new URLSearchParams({
      form_token: formToken,
      card_name: 'Sam Ortiz',
      card_number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    const paid = await client.request('POST', `${url}/pay`, {
      json: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(paid.statusCode).toBe(303);
    const success = await client.get(
      `${String(paid.headers.location).replace('/vendor-application/subscription/success/', '/stripe/vendor/subscription/success/')}/`,
    );
    expect(success.statusCode).toBe(200);
    const answer = success.json<{ password_token: string }>();
    expect(answer).not.toHaveProperty('api_key');
    const set = await client.post('/api/users/set-password/', {
      token: answer.password_token,
      password: TEST_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    await t.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, info.email));
    const vendor = await signIn(t.app, info.email);
    expect((await vendor.get('/api/vendor/api-keys/')).json()).toEqual([]);
    const created = await vendor.post('/api/vendor/api-keys/', { name: 'Dispatch system' });
    expect(created.statusCode).toBe(201);
    const { key } = created.json<{ key: string }>();
    const jobs = await withKey(key, 'GET', '/api/vendor/jobs/');
    expect(jobs.statusCode).toBe(200);
    const profile = await withKey(key, 'GET', '/api/user-profile/');
    expect(profile.json()).toMatchObject({ email: info.email });
  });
});
