import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// bids priced from measurements (line items) and bids with options, through the real
// server on each database: validated, stored, answered to whom may see them, replayed unchanged,
// and an award naming one option recorded in the bid, the timeline and the history.

let t: TestApp;
let manager: TestClient;
let plumber: TestClient;
let rival: TestClient;
let managerId: number;
let propertyId: number;

const START = '2027-03-01T09:00:00.000Z';
const patchLines = [
  { description: 'Cut out and patch drywall', quantity: 80.25, unit: 'sq_ft', unit_price: 4.5 },
  { description: 'Prime and paint', quantity: 3, unit: 'hours', unit_price: 65 },
];
// 80.25 x 4.50 = 361.125 -> $361 (half up to the dollar); 3 x 65 = $195.
const PATCH_TOTAL = 556;
const priced = {
  amount: PATCH_TOTAL,
  estimated_time: 1.5,
  estimated_time_unit: 'days',
  proposed_start_date: START,
  notes: 'Measured on the plan',
  line_items: patchLines,
};
const withOptions = {
  proposed_start_date: START,
  notes: 'Two ways to fix it',
  options: [
    {
      label: 'Patch',
      amount: PATCH_TOTAL,
      estimated_time: 1.5,
      estimated_time_unit: 'days',
      line_items: patchLines,
    },
    {
      label: 'Replace the section',
      amount: 1200,
      estimated_time: 3,
      estimated_time_unit: 'days',
      notes: 'New board over the whole bay',
      line_items: [{ description: 'Replace drywall', quantity: 120, unit: 'sq_ft', unit_price: 10 }],
    },
  ],
};

async function vendor(): Promise<TestClient> {
  const user = await makeUser(t.db, { type: 'vendor' });
  await makeVendorProfile(t.db, {
    userId: user.id,
    serviceCategories: ['Plumbing'],
    insuranceExpiresOn: '2099-01-01',
  });
  return signIn(t.app, user.email);
}

const openRequest = () =>
  makeRequest(t.db, { createdById: managerId, projectId: propertyId, type: 'Plumbing' });

const fieldErrors = (response: { json: () => unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  const owner = await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  managerId = owner.id;
  propertyId = (await makeProject(t.db, { clientId: company.id })).id;
  manager = await signIn(t.app, owner.email);
  plumber = await vendor();
  rival = await vendor();
});

afterAll(async () => {
  await t?.close();
});

describe('line items on POST /api/requests/{id}/bid/', () => {
  it('stores them with their totals and answers them everywhere the bid is read', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, priced);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.amount).toBe(PATCH_TOTAL);
    expect(body.line_items).toEqual([
      { ...patchLines[0], total: 361 },
      { ...patchLines[1], total: 195 },
    ]);
    expect(body.options).toEqual([]);

    const [row] = await t.db.select().from(bids).where(eq(bids.id, body.id));
    expect(row!.lineItems.map((item) => item.total)).toEqual([361, 195]);

    expect((await plumber.get(`/api/bids/${body.id}/`)).json().line_items).toEqual(body.line_items);
    const asManager = (await manager.get(`/api/requests/${request.id}/`)).json();
    expect(asManager.bids[0].line_items).toEqual(body.line_items);
    const asVendor = (await plumber.get(`/api/requests/${request.id}/`)).json();
    expect(asVendor.bids[0].line_items).toEqual(body.line_items);
  });

  it('refuses an amount that is not their sum, naming the sum', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, { ...priced, amount: 560 });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response).amount).toEqual([
      `The amount must be the sum of the line items ($${PATCH_TOTAL}).`,
    ]);
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toEqual([]);
  });

  it.each([
    ['an unknown unit', { unit: 'm2' }, 'Choose sq ft, ft, each or hours.'],
    ['a quantity of 0', { quantity: 0 }, 'The quantity must be more than 0.'],
    ['three decimals', { unit_price: 4.125 }, 'Use at most 2 decimals for the unit price.'],
    [
      'a wrong total',
      { total: 999 },
      'The total must be the quantity times the unit price, rounded to the whole dollar.',
    ],
    ['no description', { description: '   ' }, 'Describe the line item.'],
  ])('refuses a line with %s', async (_name, change, message) => {
    const request = await openRequest();
    const line = { ...patchLines[0], ...change };
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, {
      ...priced,
      amount: 361,
      line_items: [line],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.values(fieldErrors(response)).flat()).toContain(message);
  });

  it('refuses more than 30 lines', async () => {
    const request = await openRequest();
    const lines = Array.from({ length: 31 }, () => ({
      description: 'Hinge',
      quantity: 1,
      unit: 'each',
      unit_price: 1,
    }));
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, {
      ...priced,
      amount: 31,
      line_items: lines,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.values(fieldErrors(response)).flat()).toContain('A bid can have at most 30 line items.');
  });

  it('keeps the spec plain bid valid (no line items, no options)', async () => {
    const request = await openRequest();
    const { line_items: _lines, ...plain } = priced;
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, { ...plain, amount: 900 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: 900, line_items: [], options: [] });
  });

  it('replaces them on PUT', async () => {
    const request = await openRequest();
    const created = (await plumber.post(`/api/requests/${request.id}/bid/`, priced)).json();
    const response = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, {
      json: { ...priced, amount: 195, line_items: [patchLines[1]] },
    });
    expect(response.statusCode).toBe(200);
    expect((await plumber.get(`/api/bids/${created.id}/`)).json().line_items).toEqual([
      { ...patchLines[1], total: 195 },
    ]);
  });

  it('answers a replay with the same Idempotency-Key unchanged, with one bid stored', async () => {
    const request = await openRequest();
    const headers = { 'idempotency-key': `line-items-${request.id}` };
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, priced, { headers });
    const again = await plumber.post(`/api/requests/${request.id}/bid/`, priced, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(bids).where(eq(bids.requestId, request.id))).toHaveLength(1);
  });
});

describe('options', () => {
  it('stores two options; the bid shows the first one as its own amount', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, withOptions);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ amount: PATCH_TOTAL, estimated_time: 1.5, estimated_time_unit: 'days' });
    expect(
      body.options.map((option: { position: number; label: string; amount: number }) => [
        option.position,
        option.label,
        option.amount,
      ]),
    ).toEqual([
      [1, 'Patch', PATCH_TOTAL],
      [2, 'Replace the section', 1200],
    ]);
    expect(body.options[1].line_items).toEqual([
      { description: 'Replace drywall', quantity: 120, unit: 'sq_ft', unit_price: 10, total: 1200 },
    ]);
    const detail = (await manager.get(`/api/requests/${request.id}/`)).json();
    expect(detail.bids[0].options).toEqual(body.options);
  });

  it("lists each option's amount in My Bids, and none for a one-price bid", async () => {
    const vendorClient = await vendor();
    const optioned = await openRequest();
    const plain = await openRequest();
    expect((await vendorClient.post(`/api/requests/${optioned.id}/bid/`, withOptions)).statusCode).toBe(201);
    expect((await vendorClient.post(`/api/requests/${plain.id}/bid/`, priced)).statusCode).toBe(201);
    const mine = (await vendorClient.get('/api/vendor/bids/')).json() as {
      results: Array<{ request_id: number; amount: number; option_amounts: number[] }>;
    };
    const byRequest = new Map(mine.results.map((bid) => [bid.request_id, bid]));
    expect(byRequest.get(optioned.id)).toMatchObject({ option_amounts: [PATCH_TOTAL, 1200] });
    expect(byRequest.get(plain.id)).toMatchObject({ amount: PATCH_TOTAL, option_amounts: [] });
  });

  it.each([
    ['one option', { options: [withOptions.options[0]] }, 'options', 'A bid offers 2 or 3 options, or none.'],
    [
      'four options',
      { options: [1, 2, 3, 4].map((n) => ({ ...withOptions.options[1], label: `Way ${n}` })) },
      'options',
      'A bid offers 2 or 3 options, or none.',
    ],
    [
      'an amount for the whole bid too',
      { amount: PATCH_TOTAL },
      'options',
      "With options, each option carries its own amount, time and line items: don't send them for the whole bid.",
    ],
    [
      'two options of one name',
      { options: [withOptions.options[1], { ...withOptions.options[1], label: 'replace the section' }] },
      'options',
      'Each option needs its own name.',
    ],
  ])('refuses %s', async (_name, change, field, message) => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, { ...withOptions, ...change });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)[field]).toContain(message);
  });

  it("refuses an option whose amount is not its lines' sum", async () => {
    const request = await openRequest();
    const [first, second] = withOptions.options;
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, {
      ...withOptions,
      options: [first, { ...second, amount: 1000 }],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.values(fieldErrors(response)).flat()).toContain(
      'The amount must be the sum of the line items ($1200).',
    );
  });
});

describe('awarding one option', () => {
  async function biddedRequest() {
    const request = await openRequest();
    const optionsBid = (await plumber.post(`/api/requests/${request.id}/bid/`, withOptions)).json();
    const plainBid = (await rival.post(`/api/requests/${request.id}/bid/`, priced)).json();
    return { request, optionsBid, plainBid };
  }

  it('needs the option when the bid offers options, and one that exists', async () => {
    const { request, optionsBid } = await biddedRequest();
    const url = `/api/requests/${request.id}/award/`;
    for (const body of [{ bid_id: optionsBid.id }, { bid_id: optionsBid.id, option: 3 }]) {
      const response = await manager.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response).option).toEqual(["Choose one of the bid's options."]);
    }
    const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, request.id));
    expect(row!.status).toBe('open');
  });

  it('refuses an option for a plain bid', async () => {
    const { request, plainBid } = await biddedRequest();
    const response = await manager.post(`/api/requests/${request.id}/award/`, {
      bid_id: plainBid.id,
      option: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response).option).toEqual(['This bid offers no options.']);
  });

  it('records the awarded option in the bid, the detail, the timeline and the history', async () => {
    const { request, optionsBid } = await biddedRequest();
    const response = await manager.post(`/api/requests/${request.id}/award/`, {
      bid_id: optionsBid.id,
      option: 2,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(bids).where(eq(bids.id, optionsBid.id));
    expect(row).toMatchObject({ status: 'accepted', awardedOption: 2 });

    const detail = (await manager.get(`/api/requests/${request.id}/`)).json();
    expect(detail.awarded_bid.awarded_option).toMatchObject({
      position: 2,
      label: 'Replace the section',
      amount: 1200,
    });
    const step = detail.timeline.find((entry: { event: string }) => entry.event === 'awarded');
    expect(step.note).toContain('option 2 "Replace the section", for $1,200');
    // The winning vendor sees which option it won; the rival learns nothing of it.
    expect((await plumber.get(`/api/requests/${request.id}/`)).json().awarded_bid.awarded_option.label).toBe(
      'Replace the section',
    );
    expect((await rival.get(`/api/requests/${request.id}/`)).json().awarded_bid).toBeNull();

    await t.db
      .update(maintenanceRequests)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(maintenanceRequests.id, request.id));
    const history = (await manager.get(`/api/projects/${propertyId}/history/`)).json();
    expect(history.find((job: { id: number }) => job.id === request.id)).toMatchObject({
      cost: 1200,
      awarded_option: 'Replace the section',
    });
  });
});
