import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorDashboard } from '#shared/vendor-dashboard.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let vendor: TestClient;
let newVendor: TestClient;
let manager: TestClient;
let staff: TestClient;
const ids: Record<string, number> = {};

async function signIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

async function dashboardOf(client: TestClient): Promise<VendorDashboard> {
  const response = await client.get('/api/vendor/dashboard/');
  expect(response.statusCode).toBe(200);
  return response.json<VendorDashboard>();
}

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  const project = await makeProject(t.db, { clientId: client.id, name: 'Aspen Ridge' });
  const pm = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const me = await makeUser(t.db, { type: 'vendor' });
  const rival = await makeUser(t.db, { type: 'vendor' });
  const fresh = await makeVendor(t.db);
  const admin = await makeUser(t.db, { type: null, isStaff: true });
  const request = (status: 'open' | 'in_progress' | 'completed' | 'cancelled', extra = {}) =>
    makeRequest(t.db, { createdById: pm.id, projectId: project.id, status, ...extra });
  const bid = async (
    status: 'open' | 'in_progress' | 'completed' | 'cancelled',
    bidStatus: 'pending' | 'accepted' | 'rejected' | 'withdrawn',
    amount: number,
    createdAt: Date,
    extra = {},
  ) => {
    const target = await request(status, extra);
    await makeBid(t.db, { requestId: target.id, vendorId: me.id, status: bidStatus, amount, createdAt });
    return target.id;
  };

  // Active bids: pending on open requests (two); pending on a cancelled request does not count.
  ids.activeOld = await bid('open', 'pending', 300, day(1), { bidDeadline: day(20) });
  ids.activeNew = await bid('open', 'pending', 450, day(2));
  await bid('cancelled', 'pending', 999, day(3));
  // Awarded jobs: accepted bids on requests in progress (one).
  ids.current = await bid('in_progress', 'accepted', 1850, day(4));
  // Completed: accepted bids on completed requests (three: 275 + 390 + 1200 = 1865).
  ids.doneA = await bid('completed', 'accepted', 275, day(5), { completedAt: day(10) });
  ids.doneB = await bid('completed', 'accepted', 390, day(6), { completedAt: day(12) });
  ids.doneC = await bid('completed', 'accepted', 1200, day(7), { completedAt: day(11) });
  // Not counted anywhere: rejected and withdrawn bids, a rejected bid on a completed request.
  await bid('open', 'rejected', 500, day(8));
  await bid('open', 'withdrawn', 160, day(9));
  await bid('completed', 'rejected', 5000, day(9));
  // Another vendor's bids never count for me.
  const theirs = await request('completed');
  await makeBid(t.db, { requestId: theirs.id, vendorId: rival.id, status: 'accepted', amount: 7777 });

  vendor = await signIn(me.email);
  newVendor = await signIn(fresh.email);
  manager = await signIn(pm.email);
  staff = await signIn(admin.email);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/vendor/dashboard/', () => {
  it('refuses a visitor (401), a manager and staff (403)', async () => {
    expect((await new TestClient(t.app).get('/api/vendor/dashboard/')).statusCode).toBe(401);
    expect((await manager.get('/api/vendor/dashboard/')).statusCode).toBe(403);
    expect((await staff.get('/api/vendor/dashboard/')).statusCode).toBe(403);
  });

  it("counts the stat cards from the vendor's own bids", async () => {
    expect((await dashboardOf(vendor)).stats).toEqual({
      active_bids: 2,
      awarded_jobs: 1,
      total_earnings: 1865,
      jobs_completed: 3,
    });
  });

  it('lists each tab newest first with the request and bid fields', async () => {
    const dashboard = await dashboardOf(vendor);
    expect(dashboard.active_bids.map((item) => item.request_id)).toEqual([ids.activeNew, ids.activeOld]);
    expect(dashboard.current_jobs.map((item) => item.request_id)).toEqual([ids.current]);
    // Completed jobs by confirmation date: B (day 12), C (day 11), A (day 10).
    expect(dashboard.completed_jobs.map((item) => item.request_id)).toEqual([
      ids.doneB,
      ids.doneC,
      ids.doneA,
    ]);
    expect(dashboard.active_bids[1]).toMatchObject({
      request_id: ids.activeOld,
      service_type: 'Plumbing',
      project_name: 'Aspen Ridge',
      request_status: 'open',
      bid_status: 'pending',
      amount: 300,
      estimated_time: 2.5,
      estimated_time_unit: 'hours',
      created_at: day(1).toISOString(),
      deadline: day(20).toISOString(),
      completed_at: null,
    });
    expect(dashboard.completed_jobs[0]).toMatchObject({ amount: 390, completed_at: day(12).toISOString() });
  });

  it("earns the awarded option's amount, not option 1's, for a bid with options", async () => {
    const pm = await makeUser(t.db, { type: 'property_manager' });
    const optionVendor = await makeVendor(t.db);
    const option = (label: string, amount: number) => ({
      label,
      amount,
      estimated_time: 4,
      estimated_time_unit: 'hours' as const,
      notes: '',
      line_items: [],
    });
    const options = [
      option('Patch', 300),
      option('Replace the section', 900),
      option('Replace it all', 2400),
    ];
    const done = await makeRequest(t.db, { createdById: pm.id, status: 'completed', completedAt: day(14) });
    const current = await makeRequest(t.db, { createdById: pm.id, status: 'in_progress' });
    // With options, the bid's own amount is option 1's (bid-schemas.ts); option 2 was awarded.
    for (const request of [done, current]) {
      await makeBid(t.db, {
        requestId: request.id,
        vendorId: optionVendor.id,
        status: 'accepted',
        amount: 300,
        options,
        awardedOption: 2,
      });
    }
    const dashboard = await dashboardOf(await signIn(optionVendor.email));
    expect(dashboard.stats.total_earnings).toBe(900);
    expect(dashboard.completed_jobs.map((item) => item.amount)).toEqual([900]);
    expect(dashboard.current_jobs.map((item) => item.amount)).toEqual([900]);
  });

  it('answers zeros and empty tabs for a vendor without bids', async () => {
    expect(await dashboardOf(newVendor)).toEqual({
      stats: { active_bids: 0, awarded_jobs: 0, total_earnings: 0, jobs_completed: 0 },
      active_bids: [],
      current_jobs: [],
      completed_jobs: [],
      approval: { approved: true, missing: [] },
    });
  });
});
