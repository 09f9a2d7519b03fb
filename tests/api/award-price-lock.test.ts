import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests, requestStatusHistory } from '#server/db/schema/requests.ts';
import type { BidBody, BidChangedError } from '#shared/bid-responses.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { makeUser } from '../support/factories.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// The award pays the terms the manager saw: it names the bid's version (`bid_version`) and is
// refused with 409 BID_CHANGED and the bid as it is now when the vendor changed it meanwhile.

let t: TestApp;
let manager: TestClient;
let managerId: number;
let propertyId: number;

const START = '2030-01-07T09:00:00.000Z';
const option = (label: string, amount: number) => ({
  label,
  amount,
  estimated_time: 2,
  estimated_time_unit: 'days',
});
const threeOptions = (second: number) => ({
  proposed_start_date: START,
  notes: 'Three ways to fix it',
  options: [option('Patch', 300), option('Replace the section', second), option('Replace it all', 2400)],
});
const plain = (amount: number) => ({
  amount,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: START,
  notes: 'Plain bid',
});

async function vendor(): Promise<{ id: number; client: TestClient }> {
  const user = await makeUser(t.db, { type: 'vendor', firstName: 'Vera' });
  await makeVendorProfile(t.db, {
    userId: user.id,
    serviceCategories: ['Plumbing'],
    companyName: 'Vera Pipes',
  });
  return { id: user.id, client: await signIn(t.app, user.email) };
}

/** An open request with the vendor's bid placed through the API; answers both ids and the bid. */
async function bidOn(client: TestClient, terms: unknown) {
  const request = await makeRequest(t.db, {
    createdById: managerId,
    projectId: propertyId,
    type: 'Plumbing',
  });
  const placed = await client.post(`/api/requests/${request.id}/bid/`, terms);
  expect(placed.statusCode, placed.body).toBe(201);
  return { requestId: request.id, bid: placed.json<BidBody>() };
}

const edit = (client: TestClient, requestId: number, terms: unknown) =>
  client.request('PUT', `/api/requests/${requestId}/bid/`, { json: terms });

const award = (requestId: number, body: Record<string, unknown>) =>
  manager.post(`/api/requests/${requestId}/award/`, body);

async function managerSees(requestId: number) {
  const response = await manager.get(`/api/requests/${requestId}/`);
  expect(response.statusCode).toBe(200);
  return response.json<RequestDetail>();
}

/** Nothing of an award was written: the bid pending, the request open, no step, no notice. */
async function expectNotAwarded(requestId: number, bidId: number) {
  const [bid] = await t.db.select().from(bids).where(eq(bids.id, bidId));
  expect(bid).toMatchObject({ status: 'pending', awardedOption: null, decidedAt: null });
  const [request] = await t.db
    .select()
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, requestId));
  expect(request).toMatchObject({ status: 'open', isOpenForBids: true, awardedBidId: null });
  const steps = await t.db
    .select()
    .from(requestStatusHistory)
    .where(and(eq(requestStatusHistory.requestId, requestId), eq(requestStatusHistory.event, 'awarded')));
  expect(steps).toEqual([]);
  const told = await t.db.select().from(notifications).where(eq(notifications.relatedRequestId, requestId));
  expect(told.filter((notice) => notice.kind === 'bid_accepted')).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  const owner = await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  managerId = owner.id;
  propertyId = (await makeProject(t.db, { clientId: company.id })).id;
  manager = await signIn(t.app, owner.email);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/{id}/award/ pays the version the manager saw', () => {
  it('refuses option 2 at $900 once the vendor made it $9,000, then awards it at $9,000', async () => {
    const { id: vendorId, client } = await vendor();
    const { requestId, bid } = await bidOn(client, threeOptions(900));
    expect(bid.version).toBe(1);
    // The manager opens the request: option 2 at $900, version 1.
    const seen = (await managerSees(requestId)).bids[0]!;
    expect(seen).toMatchObject({ id: bid.id, version: 1 });
    expect(seen.options[1]).toMatchObject({ position: 2, amount: 900 });

    // The vendor re-prices it while it is pending.
    const edited = await edit(client, requestId, threeOptions(9000));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<BidBody>()).toMatchObject({ version: 2 });

    // The award of what the manager saw is refused, with the bid as it is now.
    const refused = await award(requestId, { bid_id: bid.id, option: 2, bid_version: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    const conflict = refused.json<BidChangedError>();
    expect(conflict.code).toBe('BID_CHANGED');
    expect(conflict.detail).toBe(
      'This bid changed since you opened it: it is now option 1 "Patch" $300, option 2 "Replace the section" $9,000, ' +
        'option 3 "Replace it all" $2,400 (version 2); you saw version 1. Review its terms and award again.',
    );
    expect(conflict.bid).toMatchObject({ id: bid.id, version: 2, amount: 300, status: 'pending' });
    expect(conflict.bid.options.map((o) => [o.position, o.label, o.amount])).toEqual([
      [1, 'Patch', 300],
      [2, 'Replace the section', 9000],
      [3, 'Replace it all', 2400],
    ]);
    await expectNotAwarded(requestId, bid.id);

    // Asked again at the new version, the award goes through at $9,000.
    const awarded = await award(requestId, { bid_id: bid.id, option: 2, bid_version: 2 });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const [row] = await t.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row).toMatchObject({ status: 'accepted', awardedOption: 2, version: 2 });
    const detail = await managerSees(requestId);
    expect(detail.awarded_bid?.awarded_option).toMatchObject({ position: 2, amount: 9000 });
    expect(detail.timeline.at(-1)?.note).toContain('option 2 "Replace the section", for $9,000');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendorId), eq(notifications.kind, 'bid_accepted')));
    expect(notice?.message).toContain('($9,000)');
  });

  it('refuses a plain bid re-priced since, then awards it at the new amount', async () => {
    const { client } = await vendor();
    const { requestId, bid } = await bidOn(client, plain(900));
    expect((await edit(client, requestId, plain(9000))).statusCode).toBe(200);

    const refused = await award(requestId, { bid_id: bid.id, bid_version: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<BidChangedError>()).toMatchObject({
      code: 'BID_CHANGED',
      detail:
        'This bid changed since you opened it: it is now $9,000 (version 2); you saw version 1. Review its terms and award again.',
      bid: { id: bid.id, version: 2, amount: 9000, options: [] },
    });
    await expectNotAwarded(requestId, bid.id);

    expect((await award(requestId, { bid_id: bid.id, bid_version: 2 })).statusCode).toBe(200);
    expect((await managerSees(requestId)).awarded_bid).toMatchObject({
      id: bid.id,
      version: 2,
      amount: 9000,
    });
  });

  it('keeps the version when the vendor sends the same terms again', async () => {
    const { client } = await vendor();
    const { requestId, bid } = await bidOn(client, plain(900));
    const again = await edit(client, requestId, plain(900));
    expect(again.json<BidBody>().version).toBe(1);
    expect((await award(requestId, { bid_id: bid.id, bid_version: 1 })).statusCode).toBe(200);
  });

  it('refuses a version the bid never had', async () => {
    const { client } = await vendor();
    const { requestId, bid } = await bidOn(client, plain(900));
    const refused = await award(requestId, { bid_id: bid.id, bid_version: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<BidChangedError>().bid.version).toBe(1);
    await expectNotAwarded(requestId, bid.id);
  });

  it('refuses a malformed version (400) before anything is read', async () => {
    const { client } = await vendor();
    const { requestId, bid } = await bidOn(client, plain(900));
    const refused = await award(requestId, { bid_id: bid.id, bid_version: 'latest' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { bid_version: ['A valid bid version is required.'] } });
  });

  describe('without bid_version (clients from before versions)', () => {
    it('awards a bid never changed since it was placed', async () => {
      const { client } = await vendor();
      const { requestId, bid } = await bidOn(client, threeOptions(900));
      const awarded = await award(requestId, { bid_id: bid.id, option: 2 });
      expect(awarded.statusCode, awarded.body).toBe(200);
    });

    it('refuses a changed bid with its terms and the version to send', async () => {
      const { client } = await vendor();
      const { requestId, bid } = await bidOn(client, plain(900));
      expect((await edit(client, requestId, plain(9000))).statusCode).toBe(200);
      const refused = await award(requestId, { bid_id: bid.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<BidChangedError>()).toMatchObject({
        code: 'BID_CHANGED',
        detail:
          'This bid was changed after it was placed: it is now $9,000 (version 2). Review its terms and award it with bid_version 2.',
        bid: { version: 2, amount: 9000 },
      });
      await expectNotAwarded(requestId, bid.id);
    });
  });

  it('answers a bid that is no longer pending as before (INVALID_TRANSITION), whatever the version', async () => {
    const { client } = await vendor();
    const { requestId, bid } = await bidOn(client, plain(900));
    expect((await client.post(`/api/bids/${bid.id}/withdraw/`)).statusCode).toBe(200);
    const refused = await award(requestId, { bid_id: bid.id, bid_version: 7 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
  });
});

// The award and a change of the bid's terms both lock the request row (lifecycle-call.ts,
// bid-write-target.ts): whichever commits first wins, and the other is refused.
describe('an edit racing the award', () => {
  it('never awards terms the manager did not see', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const { client } = await vendor();
      const { requestId, bid } = await bidOn(client, plain(900));
      const calls = [
        () => award(requestId, { bid_id: bid.id, bid_version: 1 }),
        () => edit(client, requestId, plain(9000)),
      ];
      // Each order of sending, in turn.
      const [awarded, edited] =
        round % 2 === 0
          ? await Promise.all([calls[0]!(), calls[1]!()])
          : await Promise.all([calls[1]!(), calls[0]!()]).then(([e, a]) => [a!, e!]);
      const [row] = await t.db.select().from(bids).where(eq(bids.id, bid.id));
      if (awarded!.statusCode === 200) {
        // The award committed first: the edit found the request no longer taking bids.
        expect(edited!.statusCode, edited!.body).toBe(409);
        expect(edited!.json<{ code: string }>().code).toMatch(/^(REQUEST_UNAVAILABLE|BID_NOT_EDITABLE)$/);
        expect(row).toMatchObject({ status: 'accepted', version: 1, amount: 900 });
        outcomes.add('award first');
      } else {
        // The edit committed first: the award saw version 2 and wrote nothing.
        expect(awarded!.statusCode, awarded!.body).toBe(409);
        expect(awarded!.json<BidChangedError>()).toMatchObject({
          code: 'BID_CHANGED',
          bid: { version: 2, amount: 9000 },
        });
        expect(edited!.statusCode).toBe(200);
        expect(row).toMatchObject({ status: 'pending', version: 2, amount: 9000 });
        await expectNotAwarded(requestId, bid.id);
        outcomes.add('edit first');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
