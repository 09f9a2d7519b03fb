import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser } from '../support/factories.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn, signInWithToken } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Sessions and the vendor's trades are cached per process (src/server/auth/session-cache.ts). A
// change made outside this process's requests (another process, a script, the sweep) reaches it
// through the database's NOTIFY, so the test waits for the state rather than for a time.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the cached state never changed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statusOf = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/users/auth-status/',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<{ isAuthenticated: boolean }>().isAuthenticated;

describe('cached sessions', () => {
  it('end at once in the process that signed out', async () => {
    const user = await makeUser(t.db, { type: 'property_manager' });
    const { token } = await signInWithToken(t.app, user.email);
    expect(await statusOf(token)).toBe(true);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await statusOf(token)).toBe(false);
  });

  it('end when another process deletes the session or deactivates the user', async () => {
    const first = await makeUser(t.db, { type: 'property_manager' });
    const second = await makeUser(t.db, { type: 'property_manager' });
    const a = await signInWithToken(t.app, first.email);
    const b = await signInWithToken(t.app, second.email);
    expect(await statusOf(a.token)).toBe(true);
    expect(await statusOf(b.token)).toBe(true);

    await t.db.delete(sessions).where(eq(sessions.userId, first.id));
    await eventually(async () => !(await statusOf(a.token)));

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, second.id));
    await eventually(async () => !(await statusOf(b.token)));
  });

  it('give a vendor the jobs of its new trade once its profile changes', async () => {
    const world = await makeRequestWorld(t.db);
    const job = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Windows',
    });
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    const client = await signIn(t.app, vendor.email);
    const ids = async () =>
      (await client.get('/api/vendor/jobs/')).json<{ results: { id: number }[] }>().results.map((r) => r.id);
    expect(await ids()).not.toContain(job.id);
    await t.db
      .update(vendorProfiles)
      .set({ serviceCategories: ['Plumbing', job.type] })
      .where(eq(vendorProfiles.userId, vendor.id));
    await eventually(async () => (await ids()).includes(job.id));
  });

  it('clear the cookies of an ended session when the app sends it as a bearer token too', async () => {
    const user = await makeUser(t.db, { type: 'property_manager' });
    const { client, token } = await signInWithToken(t.app, user.email);
    expect(client.cookies.has('csrftoken')).toBe(true);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const bearer = { authorization: `Bearer ${token}` };
    await eventually(
      async () => (await client.get('/api/notifications/', { headers: bearer })).statusCode === 401,
    );
    // The dead session's CSRF token is gone, so the login screen fetches a fresh one.
    expect(client.cookies.has('csrftoken')).toBe(false);
    expect(client.cookies.has('fieldbid_session')).toBe(false);
  });
});
