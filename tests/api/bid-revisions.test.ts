import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/auth/session-store.ts';
import { bidWrite, placeBid, placeBids } from '#server/bids/bid-place.ts';
import { bidRevisions } from '#server/db/schema/bid-revisions.ts';
import { bids } from '#server/db/schema/bids.ts';
import { type BidBody, type BidHistory, bidHistorySchema, type MyBidPage } from '#shared/bid-responses.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { makeUser } from '../support/factories.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// A bid's history (migration 0023): one bid_revisions row when it is placed and one per change of its
// terms, written in the statement that places or changes it, on every path a bid is written by: the
// group commit (alone or in a batch), the keyed statement, the single statement in a key's
// transaction, the full checks, PUT bid with and without a key, and any script. Read back through
// GET /api/bids/{id}/history/ by the bid's vendor and the request's managers.

let t: TestApp;
let manager: TestClient;
let managerId: number;
let propertyId: number;
let vendorId: number;
let vendorClient: TestClient;
/** The vendor's user row, as the bid statements take it. */
let plumberRow: UserRow;

const START = '2030-01-07T09:00:00.000Z';
const plain = (amount: number, notes = 'Plain bid') => ({
  amount,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: START,
  notes,
});

async function makePlumber(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.db, { type: 'vendor', ...overrides });
  await makeVendorProfile(t.db, {
    userId: user.id,
    serviceCategories: ['Plumbing'],
    companyName: 'Pipe & Co',
  });
  return { user, client: await signIn(t.app, user.email) };
}

const openRequest = async () =>
  (await makeRequest(t.db, { createdById: managerId, projectId: propertyId, type: 'Plumbing' })).id;

const revisionsOf = (bidId: number) =>
  t.db.select().from(bidRevisions).where(eq(bidRevisions.bidId, bidId)).orderBy(asc(bidRevisions.version));

async function bidRow(bidId: number) {
  const [row] = await t.db.select().from(bids).where(eq(bids.id, bidId));
  return row!;
}

/** The bid's one revision: version 1 with the terms it was placed with, by its vendor, at its creation. */
async function expectPlacedRevision(bidId: number, amount: number) {
  const row = await bidRow(bidId);
  expect(row.version).toBe(1);
  const revisions = await revisionsOf(bidId);
  expect(revisions).toEqual([
    {
      bidId,
      version: 1,
      amount,
      estimatedTime: row.estimatedTime,
      estimatedTimeUnit: row.estimatedTimeUnit,
      proposedStartDate: row.proposedStartDate,
      notes: row.notes,
      lineItems: row.lineItems,
      options: row.options,
      changedById: row.vendorId,
      createdAt: row.createdAt,
    },
  ]);
}

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  const owner = await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  managerId = owner.id;
  propertyId = (await makeProject(t.db, { clientId: company.id })).id;
  manager = await signIn(t.app, owner.email);
  const plumber = await makePlumber();
  plumberRow = plumber.user;
  vendorId = plumber.user.id;
  vendorClient = plumber.client;
});

afterAll(async () => {
  await t?.close();
});

describe('a placed bid writes revision 1', () => {
  it('through the group commit, a bid alone (POST without a key)', async () => {
    const requestId = await openRequest();
    const response = await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(410));
    expect(response.statusCode).toBe(201);
    expect(response.json<BidBody>().version).toBe(1);
    await expectPlacedRevision(response.json<BidBody>().id, 410);
  });

  it('through the group commit, bids that arrive together', async () => {
    const requestIds = await Promise.all([openRequest(), openRequest(), openRequest(), openRequest()]);
    const answers = await Promise.all(
      requestIds.map((id, n) => vendorClient.post(`/api/requests/${id}/bid/`, plain(500 + n))),
    );
    for (const [n, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(201);
      await expectPlacedRevision(answer.json<BidBody>().id, 500 + n);
    }
  });

  it('through the keyed statement (POST with an Idempotency-Key), and not again on its replay', async () => {
    const requestId = await openRequest();
    const send = () =>
      vendorClient.post(`/api/requests/${requestId}/bid/`, plain(420), {
        headers: { 'idempotency-key': `revision-keyed-${requestId}` },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json<BidBody>().version).toBe(1);
    const replay = await send();
    expect(replay.json<BidBody>()).toEqual(first.json<BidBody>());
    await expectPlacedRevision(first.json<BidBody>().id, 420);
  });

  it("through the single statement a key's transaction places with", async () => {
    const requestId = await openRequest();
    const input = bidInputSchema.parse(plain(430));
    const placed = await t.db.transaction((tx) => placeBid(tx, plumberRow, requestId, input, new Date()));
    expect(placed?.version).toBe(1);
    await expectPlacedRevision(placed!.id, 430);
  });

  it('through the batched statement, called directly', async () => {
    const requestId = await openRequest();
    const write = bidWrite(plumberRow, requestId, bidInputSchema.parse(plain(435)), new Date());
    const [placed] = await placeBids(t.db, [write!]);
    await expectPlacedRevision(placed!.id, 435);
  });

  it('through the full checks (a vendor with staff rights)', async () => {
    const staffVendor = await makePlumber({ isStaff: true });
    const requestId = await openRequest();
    const response = await staffVendor.client.post(`/api/requests/${requestId}/bid/`, plain(440));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BidBody>().version).toBe(1);
    await expectPlacedRevision(response.json<BidBody>().id, 440);
  });

  it('through any script that inserts bids', async () => {
    const requestId = await openRequest();
    const bid = await makeBid(t.db, { requestId, vendorId, amount: 450 });
    await expectPlacedRevision(bid.id, 450);
  });
});

describe('a change of the terms writes the next revision', () => {
  it('PUT without a key: version 2 with the new terms, at the bid’s updated_at', async () => {
    const requestId = await openRequest();
    const placed = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(900))).json<BidBody>();
    const edited = await vendorClient.request('PUT', `/api/requests/${requestId}/bid/`, {
      json: { ...plain(9000, 'Re-priced'), proposed_start_date: '2030-01-09T09:00:00.000Z' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<BidBody>()).toMatchObject({ id: placed.id, version: 2, amount: 9000 });
    const row = await bidRow(placed.id);
    const revisions = await revisionsOf(placed.id);
    expect(revisions.map((r) => [r.version, r.amount, r.notes, r.changedById])).toEqual([
      [1, 900, 'Plain bid', vendorId],
      [2, 9000, 'Re-priced', vendorId],
    ]);
    expect(revisions[1]!.proposedStartDate.toISOString()).toBe('2030-01-09T09:00:00.000Z');
    expect(revisions[1]!.createdAt).toEqual(row.updatedAt);
  });

  it('PUT with an Idempotency-Key: one revision, however often it is replayed', async () => {
    const requestId = await openRequest();
    const placed = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(900))).json<BidBody>();
    const send = () =>
      vendorClient.request('PUT', `/api/requests/${requestId}/bid/`, {
        json: plain(950),
        headers: { 'idempotency-key': `revision-put-${requestId}` },
      });
    expect((await send()).json<BidBody>().version).toBe(2);
    expect((await send()).json<BidBody>().version).toBe(2);
    expect((await revisionsOf(placed.id)).map((r) => [r.version, r.amount])).toEqual([
      [1, 900],
      [2, 950],
    ]);
  });

  it('options and line items changed count as a change; the same terms again do not', async () => {
    const requestId = await openRequest();
    const withOptions = (second: number) => ({
      proposed_start_date: START,
      options: [
        { label: 'Patch', amount: 300, estimated_time: 1, estimated_time_unit: 'days' },
        { label: 'Replace', amount: second, estimated_time: 2, estimated_time_unit: 'days' },
      ],
    });
    const placed = (
      await vendorClient.post(`/api/requests/${requestId}/bid/`, withOptions(900))
    ).json<BidBody>();
    const put = (terms: unknown) =>
      vendorClient.request('PUT', `/api/requests/${requestId}/bid/`, { json: terms });
    expect((await put(withOptions(900))).json<BidBody>().version).toBe(1);
    expect((await put(withOptions(9000))).json<BidBody>().version).toBe(2);
    const revisions = await revisionsOf(placed.id);
    expect(revisions.map((r) => r.options.map((o) => o.amount))).toEqual([
      [300, 900],
      [300, 9000],
    ]);
  });

  it('a withdrawal, an award and a rejection change no version and write no revision', async () => {
    const requestId = await openRequest();
    const rival = await makePlumber();
    const mine = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(700))).json<BidBody>();
    const theirs = (await rival.client.post(`/api/requests/${requestId}/bid/`, plain(800))).json<BidBody>();
    expect(
      (await manager.post(`/api/requests/${requestId}/award/`, { bid_id: theirs.id, bid_version: 1 }))
        .statusCode,
    ).toBe(200);
    const other = await openRequest();
    const withdrawn = (await vendorClient.post(`/api/requests/${other}/bid/`, plain(600))).json<BidBody>();
    expect((await vendorClient.post(`/api/bids/${withdrawn.id}/withdraw/`)).statusCode).toBe(200);
    const rows = await t.db
      .select({ id: bids.id, version: bids.version, status: bids.status })
      .from(bids)
      .where(inArray(bids.id, [mine.id, theirs.id, withdrawn.id]));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: mine.id, version: 1, status: 'rejected' },
        { id: theirs.id, version: 1, status: 'accepted' },
        { id: withdrawn.id, version: 1, status: 'withdrawn' },
      ].sort((a, b) => a.id - b.id),
    );
    for (const id of [mine.id, theirs.id, withdrawn.id]) expect(await revisionsOf(id)).toHaveLength(1);
  });

  it('a writer cannot set the version itself: the database counts it', async () => {
    const requestId = await openRequest();
    const bid = await makeBid(t.db, { requestId, vendorId, amount: 100 });
    await t.db.update(bids).set({ version: 40 }).where(eq(bids.id, bid.id));
    expect((await bidRow(bid.id)).version).toBe(1);
    await t.db.update(bids).set({ amount: 120, version: 40 }).where(eq(bids.id, bid.id));
    expect((await bidRow(bid.id)).version).toBe(2);
    expect((await revisionsOf(bid.id)).map((r) => [r.version, r.amount])).toEqual([
      [1, 100],
      [2, 120],
    ]);
  });
});

describe('the version in every answer that shows a bid', () => {
  it('the request detail (after a change too: its cached copy is dropped), My Bids, GET bid', async () => {
    const requestId = await openRequest();
    const placed = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(900))).json<BidBody>();
    const detail = async (client: TestClient) =>
      (await client.get(`/api/requests/${requestId}/`)).json<RequestDetail>();
    expect((await detail(manager)).bids[0]).toMatchObject({ id: placed.id, version: 1, amount: 900 });
    expect((await detail(vendorClient)).bids[0]).toMatchObject({ id: placed.id, version: 1 });

    expect(
      (await vendorClient.request('PUT', `/api/requests/${requestId}/bid/`, { json: plain(9000) }))
        .statusCode,
    ).toBe(200);
    expect((await detail(manager)).bids[0]).toMatchObject({ id: placed.id, version: 2, amount: 9000 });
    expect((await detail(vendorClient)).bids[0]).toMatchObject({ id: placed.id, version: 2, amount: 9000 });
    expect((await vendorClient.get(`/api/bids/${placed.id}/`)).json<BidBody>().version).toBe(2);
    expect((await manager.get(`/api/bids/${placed.id}/`)).json<BidBody>().version).toBe(2);
    const myBids = (await vendorClient.get('/api/vendor/bids/?page_size=100')).json<MyBidPage>();
    expect(myBids.results.find((row) => row.id === placed.id)).toMatchObject({ version: 2, amount: 9000 });

    expect(
      (await manager.post(`/api/requests/${requestId}/award/`, { bid_id: placed.id, bid_version: 2 }))
        .statusCode,
    ).toBe(200);
    expect((await detail(manager)).awarded_bid).toMatchObject({ id: placed.id, version: 2 });
  });
});

describe('GET /api/bids/{id}/history/', () => {
  it("lists every version, oldest first, for the bid's vendor and the request's managers", async () => {
    const requestId = await openRequest();
    const placed = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(900))).json<BidBody>();
    await vendorClient.request('PUT', `/api/requests/${requestId}/bid/`, { json: plain(9000, 'Re-priced') });
    const row = await bidRow(placed.id);

    for (const reader of [manager, vendorClient]) {
      const response = await reader.get(`/api/bids/${placed.id}/history/`);
      expect(response.statusCode).toBe(200);
      const history: BidHistory = bidHistorySchema.parse(response.json());
      expect(history).toEqual({
        bid_id: placed.id,
        version: 2,
        revisions: [
          {
            version: 1,
            amount: 900,
            estimated_time: 3,
            estimated_time_unit: 'hours',
            proposed_start_date: START,
            notes: 'Plain bid',
            line_items: [],
            options: [],
            changed_by: 'Pipe & Co',
            created_at: row.createdAt.toISOString(),
          },
          {
            version: 2,
            amount: 9000,
            estimated_time: 3,
            estimated_time_unit: 'hours',
            proposed_start_date: START,
            notes: 'Re-priced',
            line_items: [],
            options: [],
            changed_by: 'Pipe & Co',
            created_at: row.updatedAt.toISOString(),
          },
        ],
      });
    }
  });

  it('is not found for another vendor and for a manager of another client', async () => {
    const requestId = await openRequest();
    const placed = (await vendorClient.post(`/api/requests/${requestId}/bid/`, plain(900))).json<BidBody>();
    const rival = await makePlumber();
    const elsewhere = await makeClient(t.db);
    const outsider = await signIn(
      t.app,
      (await makeUser(t.db, { type: 'property_manager', clientId: elsewhere.id })).email,
    );
    for (const reader of [rival.client, outsider]) {
      const response = await reader.get(`/api/bids/${placed.id}/history/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Bid not found.' });
    }
    expect((await vendorClient.get('/api/bids/999999999/history/')).statusCode).toBe(404);
  });
});
