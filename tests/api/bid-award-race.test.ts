import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query-rows.ts';
import { bids } from '#server/db/schema/bids.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
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

// Bid writes and the manager's award / close-bidding / cancel all lock the request row, so a bid
// never lands pending on a request that has just been awarded or closed (issues 5 and 6).

const VENDORS = 20;
const ROUNDS = 3;

let t: TestApp;
let projectId: number;
let manager: TestClient;
let managerId: number;
let first: { id: number; client: TestClient };
const vendors: Array<{ id: number; client: TestClient }> = [];

const BID = {
  amount: 450,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: '2030-01-07T09:00:00Z',
  notes: 'Racing the award.',
};

async function signIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

async function makeVendor(name: string) {
  const user = await makeUser(t.db, { type: 'vendor', firstName: name });
  await makeVendorProfile(t.db, { userId: user.id, serviceCategories: ['Plumbing'] });
  return { id: user.id, client: await signIn(user.email) };
}

/** An open Plumbing request with one pending bid (from `first`) that the manager can award. */
async function openRequest() {
  const request = await makeRequest(t.db, { createdById: managerId, projectId, type: 'Plumbing' });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId: first.id });
  return { id: request.id, firstBidId: bid.id };
}

/** Every vendor's bid call, with the manager's call fired in the middle of them. */
async function race(requestId: number, managerCall: () => Promise<LightMyRequestResponse>) {
  const bidCalls = vendors.map((vendor) => () => vendor.client.post(`/api/requests/${requestId}/bid/`, BID));
  const half = Math.floor(bidCalls.length / 2);
  const calls = [...bidCalls.slice(0, half), managerCall, ...bidCalls.slice(half)];
  const answers = await Promise.all(calls.map((call) => call()));
  const managerAnswer = answers.splice(half, 1)[0]!;
  return { managerAnswer, bidAnswers: answers };
}

const bidRows = (requestId: number) =>
  t.db
    .select({ id: bids.id, vendorId: bids.vendorId, status: bids.status })
    .from(bids)
    .where(eq(bids.requestId, requestId));

/** Each bid call either placed a bid (201) or was told the request is no longer available (409). */
function expectPlacedOrRefused(answers: LightMyRequestResponse[]): number[] {
  const placed: number[] = [];
  for (const answer of answers) {
    if (answer.statusCode === 201) {
      placed.push(answer.json<{ id: number }>().id);
    } else {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'REQUEST_UNAVAILABLE' });
    }
  }
  return placed;
}

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: client.id })).id;
  const user = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  managerId = user.id;
  manager = await signIn(user.email);
  first = await makeVendor('First');
  for (let index = 0; index < VENDORS; index += 1) vendors.push(await makeVendor(`Racer ${index}`));
});

afterAll(async () => {
  await t.close();
});

describe('bids racing the manager', () => {
  it(`leaves no pending bid on a request awarded while ${VENDORS} vendors bid`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await openRequest();
      const { managerAnswer, bidAnswers } = await race(request.id, () =>
        manager.post(`/api/requests/${request.id}/award/`, { bid_id: request.firstBidId }),
      );
      expect(managerAnswer.statusCode, managerAnswer.body).toBe(200);
      const placed = expectPlacedOrRefused(bidAnswers);

      const rows = await bidRows(request.id);
      expect(rows.filter((bid) => bid.status === 'pending')).toEqual([]);
      expect(rows.find((bid) => bid.id === request.firstBidId)?.status).toBe('accepted');
      // Every bid that got in before the award was turned down by it; none got in after.
      expect(
        rows
          .filter((bid) => bid.id !== request.firstBidId)
          .map((bid) => bid.id)
          .sort(),
      ).toEqual([...placed].sort());
      for (const bid of rows.filter((row) => row.id !== request.firstBidId)) {
        expect(bid.status).toBe('rejected');
      }
      const [row] = await t.db
        .select()
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.id, request.id));
      expect(row).toMatchObject({
        status: 'in_progress',
        isOpenForBids: false,
        awardedBidId: request.firstBidId,
      });
    }
  });

  it('leaves no pending bid on a request cancelled while vendors bid', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await openRequest();
      const { managerAnswer, bidAnswers } = await race(request.id, () =>
        manager.post(`/api/requests/${request.id}/cancel/`, { reason: 'Tenant fixed it.' }),
      );
      expect(managerAnswer.statusCode, managerAnswer.body).toBe(200);
      expectPlacedOrRefused(bidAnswers);
      const rows = await bidRows(request.id);
      expect(rows.filter((bid) => bid.status === 'pending')).toEqual([]);
    }
  });

  it('places every bid before closed bidding or none after it', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await openRequest();
      const { managerAnswer, bidAnswers } = await race(request.id, () =>
        manager.post(`/api/requests/${request.id}/bidding/`, { is_open_for_bids: false }),
      );
      expect(managerAnswer.statusCode, managerAnswer.body).toBe(200);
      const placed = expectPlacedOrRefused(bidAnswers);
      // Closing keeps the bids placed before it pending and tells their vendors; a bid that got in
      // after the close (and so missed the notice) would be a bid on a closed request.
      const rows = await bidRows(request.id);
      expect(rows.length).toBe(1 + placed.length);
      const told = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(eq(notifications.relatedRequestId, request.id), eq(notifications.title, 'Bidding closed')),
        );
      expect(told.map((notice) => notice.userId).sort()).toEqual(rows.map((bid) => bid.vendorId).sort());
    }
  });

  it('lets no bid edit through once the award has turned the bid down', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await openRequest();
      for (const vendor of vendors) await makeBid(t.db, { requestId: request.id, vendorId: vendor.id });
      const edits = vendors.map(
        (vendor) => () => vendor.client.request('PUT', `/api/requests/${request.id}/bid/`, { json: BID }),
      );
      const half = Math.floor(edits.length / 2);
      const award = () => manager.post(`/api/requests/${request.id}/award/`, { bid_id: request.firstBidId });
      const answers = await Promise.all(
        [...edits.slice(0, half), award, ...edits.slice(half)].map((c) => c()),
      );
      const awardAnswer = answers.splice(half, 1)[0]!;
      expect(awardAnswer.statusCode, awardAnswer.body).toBe(200);
      for (const answer of answers) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json<{ code: string }>().code).toMatch(/^(REQUEST_UNAVAILABLE|BID_NOT_EDITABLE)$/);
      }
      const rows = await bidRows(request.id);
      expect(rows.filter((bid) => bid.status === 'pending')).toEqual([]);
      // An edit that answered 200 was made while the bid was still pending, before the award.
      expect(rows.filter((bid) => bid.status === 'rejected')).toHaveLength(VENDORS);
    }
  });
});

// Bids that arrive together are placed by one statement (db/group-commit.ts), which skips a request
// another transaction holds rather than waiting for it: a long award, or a bid of the other statement
// in flight, must not hold up the bids on other requests. Only PostgreSQL has a second connection to
// hold a lock with; on PGlite one transaction holds every statement, and the test checks the answers.
describe('bids beside a request another transaction holds', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';
  const lockWaiters = async () => {
    const [row] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    return Number(row!.n);
  };

  it('places the bid on a free request while two bids wait for the held one', async () => {
    const held = await openRequest();
    const free = await openRequest();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Resolves once the lock is held (the transaction in a box: a promise would be awaited too).
    const { holder } = onPostgres
      ? await new Promise<{ holder: Promise<void> }>((holding) => {
          const transaction = t.db.transaction(async (tx) => {
            await tx
              .select()
              .from(maintenanceRequests)
              .where(eq(maintenanceRequests.id, held.id))
              .for('update');
            holding({ holder: transaction });
            await released;
          });
        })
      : { holder: Promise.resolve() };
    const onHeld = [vendors[0]!, vendors[1]!].map((vendor) =>
      vendor.client.post(`/api/requests/${held.id}/bid/`, BID),
    );
    if (onPostgres) {
      // Both wait for the lock: as two statements of the group commit (its two in flight) without
      // SKIP LOCKED, in the full checks' own transactions with it.
      await expect.poll(lockWaiters, { timeout: 10_000 }).toBe(2);
    }
    const onFree = await vendors[2]!.client.post(`/api/requests/${free.id}/bid/`, BID);
    expect(onFree.statusCode, onFree.body).toBe(201);
    release();
    await holder;
    for (const answer of await Promise.all(onHeld)) expect(answer.statusCode, answer.body).toBe(201);
    expect((await bidRows(held.id)).map((bid) => bid.vendorId).sort()).toEqual(
      [first.id, vendors[0]!.id, vendors[1]!.id].sort(),
    );
    expect((await bidRows(free.id)).map((bid) => bid.vendorId).sort()).toEqual(
      [first.id, vendors[2]!.id].sort(),
    );
  });
});
