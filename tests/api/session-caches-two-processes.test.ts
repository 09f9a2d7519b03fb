import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { HttpSession } from '../support/http-session.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { withSlowListener } from '../support/slow-listener.ts';
import { buildTestApp, startTestApp, type TestApp } from '../support/test-app.ts';

// PostgreSQL only (vitest.config.ts): the session and API-key caches of two server processes on one
// database, the second one's LISTEN connection slow. A change made through the first, or straight in
// the database, holds on the second from its very next request: before a cached session or key is
// trusted, its process has applied every notice committed before the request came in (the read
// caches' rule, src/server/cache/change-feed.ts), however late the notices come.
const LISTEN_DELAY_MS = 500;

let t: TestApp;
/** The second process: the same database, its notices and round trips LISTEN_DELAY_MS late. */
let second: FastifyInstance;
let a: string;
let b: string;
let staff: HttpSession;
let world: Awaited<ReturnType<typeof makeRequestWorld>>;

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = urlOf(t.app);
  second = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database: withSlowListener(t.database, LISTEN_DELAY_MS),
    mailSender: false,
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  b = urlOf(second);
  world = await makeRequestWorld(t.db);
  const staffUser = await makeUser(t.db, { type: null, isStaff: true });
  staff = new HttpSession(a);
  expect(await staff.login(staffUser.email, TEST_PASSWORD)).toBe(200);
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function signedIn(email: string): Promise<HttpSession> {
  const session = new HttpSession(a);
  expect(await session.login(email, TEST_PASSWORD)).toBe(200);
  return session;
}

async function authenticated(session: HttpSession, baseUrl: string): Promise<boolean> {
  const response = await session.send('GET', '/api/users/auth-status/', { baseUrl });
  expect(response.status).toBe(200);
  return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
}

describe('session caches of two processes on one PostgreSQL, one of them slow to hear', () => {
  it('a vendor deactivated through one is signed out on the other at once', async () => {
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    const session = await signedIn(vendor.email);
    // The session is cached on B now.
    expect(await authenticated(session, b)).toBe(true);
    expect(await authenticated(session, b)).toBe(true);
    const deactivated = await staff.send('POST', `/api/admin/users/${vendor.id}/deactivate/`, { json: {} });
    expect(deactivated.status).toBe(200);
    expect(await authenticated(session, b)).toBe(false);
  });

  it('a vendor deactivated straight in the database is signed out on the other at once', async () => {
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    const session = await signedIn(vendor.email);
    expect(await authenticated(session, b)).toBe(true);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, vendor.id));
    expect(await authenticated(session, b)).toBe(false);
  });

  it('an API key revoked through one is refused by the other at once', async () => {
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
    await t.db.insert(subscriptions).values({
      userId: vendor.id,
      planId: monthly!.id,
      provider: 'local',
      providerSubscriptionId: `sub_two_processes_${vendor.id}`,
      status: 'active',
    });
    const session = await signedIn(vendor.email);
    const created = await session.send('POST', '/api/vendor/api-keys/', { json: { name: 'Dispatch' } });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: number; key: string };
    const jobs = () =>
      fetch(`${b}/api/vendor/jobs/`, { headers: { authorization: `Bearer ${key}` } }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
      );
    // The key is cached on B now.
    expect((await jobs()).status).toBe(200);
    expect((await jobs()).status).toBe(200);
    const revoked = await session.send('DELETE', `/api/vendor/api-keys/${id}/`);
    expect(revoked.status).toBe(204);
    const refused = await jobs();
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('API_KEY_INVALID');
  });

  it('a vendor’s trades changed straight in the database hold for the other’s jobs list and detail at once', async () => {
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing', 'Electrical'] });
    const session = await signedIn(vendor.email);
    const electrical = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Electrical',
    });
    const count = async () => {
      const response = await session.send('GET', '/api/vendor/jobs/?service_type=Electrical', { baseUrl: b });
      expect(response.status).toBe(200);
      return ((await response.json()) as { count: number }).count;
    };
    const detail = async () =>
      (await session.send('GET', `/api/requests/${electrical.id}/`, { baseUrl: b })).status;
    // The session with its trades, the jobs page and the detail are cached on B now.
    expect(await count()).toBe(1);
    expect(await detail()).toBe(200);
    expect(await count()).toBe(1);
    expect(await detail()).toBe(200);
    await t.db
      .update(vendorProfiles)
      .set({ serviceCategories: ['Plumbing'] })
      .where(eq(vendorProfiles.userId, vendor.id));
    expect(await count()).toBe(0);
    expect(await detail()).toBe(403);
  });
});
