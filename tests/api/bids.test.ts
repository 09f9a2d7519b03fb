import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let plumber: TestClient;
let otherPlumber: TestClient;
let electrician: TestClient;
let lapsed: TestClient;
let manager: TestClient;
let outsiderManager: TestClient;
let managerId: number;
let propertyId: number;
let plumberId: number;
let otherPlumberId: number;

const START = '2027-02-01T09:00:00.000Z';
const valid = {
  amount: 750,
  estimated_time: 3.5,
  estimated_time_unit: 'days',
  proposed_start_date: START,
  notes: '  Bring ladder  ',
};
const UNAVAILABLE = {
  code: 'REQUEST_UNAVAILABLE',
  detail: "We're sorry, but this request is no longer available.",
};

async function signIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

async function vendor(categories: string[], insuranceExpiresOn?: string) {
  const user = await makeUser(t.db, { type: 'vendor' });
  await makeVendorProfile(t.db, { userId: user.id, serviceCategories: categories, insuranceExpiresOn });
  return { user, client: await signIn(user.email) };
}

// On a property of the manager's client: the client's managers are the request's managing side.
const openRequest = () =>
  makeRequest(t.db, { createdById: managerId, projectId: propertyId, type: 'Plumbing' });

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  const owner = await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  managerId = owner.id;
  propertyId = (await makeProject(t.db, { clientId: company.id })).id;
  manager = await signIn(owner.email);
  const outsider = await makeUser(t.db, { type: 'property_manager', clientId: (await makeClient(t.db)).id });
  outsiderManager = await signIn(outsider.email);
  const p = await vendor(['Plumbing'], '2099-01-01');
  plumber = p.client;
  plumberId = p.user.id;
  const o = await vendor(['Plumbing']);
  otherPlumber = o.client;
  otherPlumberId = o.user.id;
  electrician = (await vendor(['Electrical'])).client;
  lapsed = (await vendor(['Plumbing'], '2020-01-01')).client;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/{id}/bid/', () => {
  it('creates a pending bid and answers it', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      amount: 750,
      estimated_time: 3.5,
      estimated_time_unit: 'days',
      proposed_start_date: START,
      notes: 'Bring ladder',
      status: 'pending',
      request_id: request.id,
    });
    const rows = await t.db.select().from(bids).where(eq(bids.id, body.id));
    expect(rows[0]).toMatchObject({ vendorId: plumberId, amount: 750, estimatedTime: 3.5 });
  });

  it('defaults the time unit to hours', async () => {
    const request = await openRequest();
    const { estimated_time_unit: _unit, ...rest } = valid;
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, rest);
    expect(response.statusCode).toBe(201);
    expect(response.json().estimated_time_unit).toBe('hours');
  });

  it.each([
    ['amount', { amount: 10.5 }],
    ['amount', { amount: -1 }],
    ['amount', { amount: undefined }],
    ['estimated_time', { estimated_time: 1.234 }],
    ['estimated_time', { estimated_time: -0.5 }],
    ['proposed_start_date', { proposed_start_date: undefined }],
    ['proposed_start_date', { proposed_start_date: 'next week' }],
    ['estimated_time_unit', { estimated_time_unit: 'months' }],
  ])('refuses a bad %s (%j)', async (field, change) => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toHaveLength(0);
  });

  it('accepts two decimals', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, {
      ...valid,
      estimated_time: 0.29,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().estimated_time).toBe(0.29);
  });

  it('is 403 on a request the vendor may not see and 404 on a missing one', async () => {
    const request = await openRequest();
    const response = await electrician.post(`/api/requests/${request.id}/bid/`, valid);
    expect(response.statusCode).toBe(403);
    expect((await plumber.post('/api/requests/999999/bid/', valid)).statusCode).toBe(404);
    expect((await manager.post(`/api/requests/${request.id}/bid/`, valid)).statusCode).toBe(403);
  });

  it.each([
    ['cancelled', { status: 'cancelled' as const }],
    ['in progress', { status: 'in_progress' as const }],
    ['closed for bids', { isOpenForBids: false }],
    ['past its deadline', { bidDeadline: new Date(Date.now() - 60_000) }],
  ])('is REQUEST_UNAVAILABLE when the request is %s', async (_label, columns) => {
    const request = await makeRequest(t.db, { createdById: managerId, ...columns });
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  it('checks the request before the input: 404, then 403, then 400 (docs/decisions/requests-and-jobs.md, bid checks order)', async () => {
    const invalid = { ...valid, amount: -1 };
    const missing = await plumber.post('/api/requests/999999/bid/', invalid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Request not found.' });
    expect((await plumber.post('/api/requests/abc/bid/', invalid)).json()).toEqual({
      detail: 'Request not found.',
    });
    const request = await openRequest();
    expect((await electrician.post(`/api/requests/${request.id}/bid/`, invalid)).statusCode).toBe(403);
    const refused = await plumber.post(`/api/requests/${request.id}/bid/`, invalid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { amount: [expect.any(String)] } });
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toEqual([]);
  });

  it('is DUPLICATE_BID with the existing bid id on a second bid', async () => {
    const request = await openRequest();
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, valid);
    const second = await plumber.post(`/api/requests/${request.id}/bid/`, { ...valid, amount: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'DUPLICATE_BID',
      bidId: first.json().id,
      detail: 'You have already submitted a bid for this request.',
    });
  });

  it('lands exactly one row from 20 concurrent submissions', async () => {
    const request = await openRequest();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => plumber.post(`/api/requests/${request.id}/bid/`, valid)),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.db.select().from(bids).where(eq(bids.requestId, request.id));
    expect(rows).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'DUPLICATE_BID', bidId: rows[0]!.id });
    }
  });

  it('refuses a vendor whose insurance has expired', async () => {
    const request = await openRequest();
    const response = await lapsed.post(`/api/requests/${request.id}/bid/`, valid);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'INSURANCE_EXPIRED',
      detail:
        'Your insurance certificate has expired. Upload a current certificate in Settings before bidding.',
    });
  });
});

describe('POST /api/requests/{id}/bid/: who may bid, at the edges of each rule', () => {
  const bidAs = (client: TestClient, requestId: number) =>
    client.post(`/api/requests/${requestId}/bid/`, valid);

  it('lets an invited vendor outside the trade and any vendor on an open-to-all request bid', async () => {
    const electric = await vendor(['Electrical']);
    const invitedTo = await makeRequest(t.db, { createdById: managerId, invited: [electric.user.id] });
    expect((await bidAs(electric.client, invitedTo.id)).statusCode).toBe(201);
    const openToAll = await makeRequest(t.db, { createdById: managerId, inviteAll: true });
    expect((await bidAs(electric.client, openToAll.id)).statusCode).toBe(201);
    // Invited to another request only: this one stays out of sight.
    const other = await makeRequest(t.db, { createdById: managerId, invited: [otherPlumberId] });
    expect((await bidAs(electric.client, other.id)).statusCode).toBe(403);
  });

  it('reads the trades at the bid: a vendor that dropped the trade may no longer bid', async () => {
    const dropping = await vendor(['Plumbing']);
    const request = await openRequest();
    await t.db
      .update(vendorProfiles)
      .set({ serviceCategories: ['Electrical'] })
      .where(eq(vendorProfiles.userId, dropping.user.id));
    expect((await bidAs(dropping.client, request.id)).statusCode).toBe(403);
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toEqual([]);
  });

  it('takes insurance that runs through today, and refuses it from the day after', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const covered = await vendor(['Plumbing'], today);
    expect((await bidAs(covered.client, (await openRequest()).id)).statusCode).toBe(201);
    const expired = await vendor(['Plumbing'], yesterday);
    const request = await openRequest();
    expect((await bidAs(expired.client, request.id)).json()).toMatchObject({ code: 'INSURANCE_EXPIRED' });
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toEqual([]);
  });

  it('takes a bid before the deadline, stores every field, and refuses the vendor that raised the request', async () => {
    const request = await makeRequest(t.db, {
      createdById: managerId,
      bidDeadline: new Date(Date.now() + 60_000),
    });
    const placed = await bidAs(plumber, request.id);
    expect(placed.statusCode).toBe(201);
    const [row] = await t.db.select().from(bids).where(eq(bids.requestId, request.id));
    expect(row).toMatchObject({
      vendorId: plumberId,
      amount: 750,
      estimatedTime: 3.5,
      estimatedTimeUnit: 'days',
      proposedStartDate: new Date(START),
      notes: 'Bring ladder',
      status: 'pending',
      lineItems: [],
      options: [],
    });
    expect(placed.json()).toMatchObject({
      id: row!.id,
      status: 'pending',
      estimated_time: 3.5,
      notes: 'Bring ladder',
    });

    const reporter = await vendor(['Plumbing']);
    const own = await makeRequest(t.db, { createdById: reporter.user.id });
    const refused = await bidAs(reporter.client, own.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OWN_REQUEST' });
  });

  it('answers a replayed Idempotency-Key with the first bid, and a refusal with the first refusal', async () => {
    const request = await openRequest();
    const headers = { 'idempotency-key': `bid-${request.id}` };
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, valid, { headers });
    const replay = await plumber.post(`/api/requests/${request.id}/bid/`, valid, { headers });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const lapsedKey = { 'idempotency-key': `lapsed-${request.id}` };
    const refusal = await lapsed.post(`/api/requests/${request.id}/bid/`, valid, { headers: lapsedKey });
    expect(refusal.statusCode).toBe(403);
    expect(
      (await lapsed.post(`/api/requests/${request.id}/bid/`, valid, { headers: lapsedKey })).json(),
    ).toEqual(refusal.json());
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toHaveLength(1);
  });
});

describe('PUT /api/requests/{id}/bid/ and withdraw', () => {
  it('edits the vendor’s own pending bid', async () => {
    const request = await openRequest();
    const bid = await makeBid(t.db, { requestId: request.id, vendorId: plumberId });
    const other = await makeBid(t.db, { requestId: request.id, vendorId: otherPlumberId, amount: 300 });
    const response = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, {
      json: { ...valid, amount: 900 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: bid.id, amount: 900, estimated_time_unit: 'days' });
    const [untouched] = await t.db.select().from(bids).where(eq(bids.id, other.id));
    expect(untouched!.amount).toBe(300);
  });

  it('is 404 without a bid, and does not reach another vendor’s bid', async () => {
    const request = await openRequest();
    const theirs = await makeBid(t.db, { requestId: request.id, vendorId: otherPlumberId, amount: 300 });
    const response = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, { json: valid });
    expect(response.statusCode).toBe(404);
    expect((await plumber.post(`/api/bids/${theirs.id}/withdraw/`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(bids).where(eq(bids.id, theirs.id));
    expect(row).toMatchObject({ amount: 300, status: 'pending' });
  });

  it('refuses to edit a decided bid or one on a closed request', async () => {
    const request = await openRequest();
    await makeBid(t.db, { requestId: request.id, vendorId: plumberId, status: 'rejected' });
    const decided = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, { json: valid });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().code).toBe('BID_NOT_EDITABLE');
    const closed = await makeRequest(t.db, { createdById: managerId, status: 'cancelled' });
    await makeBid(t.db, { requestId: closed.id, vendorId: plumberId });
    const response = await plumber.request('PUT', `/api/requests/${closed.id}/bid/`, { json: valid });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  it('withdraws a pending bid once', async () => {
    const request = await openRequest();
    const bid = await makeBid(t.db, { requestId: request.id, vendorId: plumberId });
    const response = await plumber.post(`/api/bids/${bid.id}/withdraw/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('withdrawn');
    const [row] = await t.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.status).toBe('withdrawn');
    expect((await plumber.post(`/api/bids/${bid.id}/withdraw/`)).json().code).toBe('BID_NOT_EDITABLE');
  });
});

describe('GET /api/bids/{id}/', () => {
  it('answers the vendor and the managing side, 404 for anyone else', async () => {
    const request = await openRequest();
    const bid = await makeBid(t.db, { requestId: request.id, vendorId: plumberId, notes: 'n' });
    const mine = await plumber.get(`/api/bids/${bid.id}/`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      id: bid.id,
      version: 1,
      amount: 500,
      estimated_time: 2.5,
      estimated_time_unit: 'hours',
      proposed_start_date: '2027-01-04T09:00:00.000Z',
      notes: 'n',
      status: 'pending',
      request_id: request.id,
      line_items: [],
      options: [],
    });
    expect((await manager.get(`/api/bids/${bid.id}/`)).statusCode).toBe(200);
    expect((await otherPlumber.get(`/api/bids/${bid.id}/`)).statusCode).toBe(404);
    expect((await outsiderManager.get(`/api/bids/${bid.id}/`)).statusCode).toBe(404);
  });
});

describe('GET /api/vendor/bids/', () => {
  it('filters, orders and pages the vendor’s own bids', async () => {
    const v = await vendor(['Plumbing']);
    const other = await openRequest();
    await makeBid(t.db, { requestId: other.id, vendorId: otherPlumberId });
    for (let i = 0; i < 12; i += 1) {
      const request = await openRequest();
      await makeBid(t.db, {
        requestId: request.id,
        vendorId: v.user.id,
        amount: 100 + i,
        status: i < 3 ? 'withdrawn' : 'pending',
      });
    }
    const page1 = (await v.client.get('/api/vendor/bids/?ordering=-amount')).json();
    expect(page1).toMatchObject({ count: 12, total_pages: 2, current_page: 1 });
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0]).toMatchObject({ amount: 111, status: 'pending', request_type: 'Plumbing' });
    expect(Object.keys(page1.results[0]).sort()).toEqual(
      [
        'amount',
        'created_at',
        'estimated_time',
        'estimated_time_unit',
        'id',
        'option_amounts',
        'proposed_start_date',
        'request_id',
        'request_type',
        'status',
        'vendor_name',
        'version',
      ].sort(),
    );
    expect(page1.results[0].vendor_name).toMatch(/^Vendor Co/);
    const page2 = (await v.client.get('/api/vendor/bids/?ordering=-amount&page=2')).json();
    expect(page2.results.map((r: { amount: number }) => r.amount)).toEqual([101, 100]);
    const withdrawn = (await v.client.get('/api/vendor/bids/?status=withdrawn&ordering=amount')).json();
    expect(withdrawn.count).toBe(3);
    expect(withdrawn.results.map((r: { amount: number }) => r.amount)).toEqual([100, 101, 102]);
    expect((await v.client.get('/api/vendor/bids/?ordering=vendor')).statusCode).toBe(400);
    expect((await manager.get('/api/vendor/bids/')).statusCode).toBe(403);
    const mine = await t.db
      .select()
      .from(bids)
      .where(and(eq(bids.vendorId, v.user.id)));
    expect(mine).toHaveLength(12);
  });
});
