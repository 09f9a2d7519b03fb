import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBid, makeRequests, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Departures found re-reading both spec documents call by call: each `it` holds the
// spec's exact path, field or message.

let t: TestApp;
let vendor: TestClient;
const requestIds: Record<'older' | 'newer', number> = { older: 0, newer: 0 };
const bidIds: Record<'older' | 'newer', number> = { older: 0, newer: 0 };

beforeAll(async () => {
  t = await startTestApp();
  const world = await makeRequestWorld(t.db);
  const plumber = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  Object.assign(
    requestIds,
    await makeRequests(
      t.db,
      { createdById: world.manager.id, projectId: world.project.id, type: 'Plumbing' },
      {
        older: { createdAt: new Date('2026-01-01T00:00:00Z') },
        newer: { createdAt: new Date('2026-02-01T00:00:00Z') },
      },
    ),
  );
  bidIds.older = (
    await makeBid(t.db, {
      requestId: requestIds.older,
      vendorId: plumber.id,
      createdAt: new Date('2026-01-02T00:00:00Z'),
    })
  ).id;
  bidIds.newer = (
    await makeBid(t.db, {
      requestId: requestIds.newer,
      vendorId: plumber.id,
      createdAt: new Date('2026-02-02T00:00:00Z'),
    })
  ).id;
  vendor = await signIn(t.app, plumber.email);
});

afterAll(async () => {
  await t?.close();
});

const ids = (body: { results: Array<{ id: number }> }) => body.results.map((row) => row.id);

describe('spec conformance', () => {
  it('POST /api/users/login/ without email or password names both fields with a readable message', async () => {
    const client = new TestClient(t.app);
    await client.csrfToken();
    const response = await client.post('/api/users/login/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { email: ['This field is required.'], password: ['This field is required.'] },
    });
  });

  it('GET /api/user/projects/ refused answers the error field the top bar shows', async () => {
    const response = await new TestClient(t.app).get('/api/user/projects/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Authentication credentials were not provided.' });
  });

  it("GET /api/vendor/jobs/ sorts by the spec's 'created' column as by created_at", async () => {
    const ascending = await vendor.get('/api/vendor/jobs/?ordering=created&page_size=10');
    expect(ascending.statusCode).toBe(200);
    expect(ids(ascending.json())).toEqual([requestIds.older, requestIds.newer]);
    const descending = await vendor.get('/api/vendor/jobs/?ordering=-created&page_size=10');
    expect(descending.statusCode).toBe(200);
    expect(ids(descending.json())).toEqual([requestIds.newer, requestIds.older]);
  });

  it("GET /api/vendor/bids/ sorts by the spec's 'created' column as by created_at", async () => {
    const ascending = await vendor.get('/api/vendor/bids/?ordering=created&page_size=10');
    expect(ascending.statusCode).toBe(200);
    expect(ids(ascending.json())).toEqual([bidIds.older, bidIds.newer]);
    const descending = await vendor.get('/api/vendor/bids/?ordering=-created&page_size=10');
    expect(descending.statusCode).toBe(200);
    expect(ids(descending.json())).toEqual([bidIds.newer, bidIds.older]);
  });
});
