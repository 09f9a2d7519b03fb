import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidWrite, placeBids } from '#server/bids/bid-place.ts';
import { loadBidWriteTarget } from '#server/bids/bid-write-target.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { bids } from '#server/db/schema/bids.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { ERROR_MESSAGES } from '#shared/api-errors.ts';
import { bidInputSchema } from '#shared/bid-schemas.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { companyInfo, submitVendorApplication, visitor } from '../support/vendor-applicant.ts';

// A vendor goes live when staff approve it, not when it pays (src/shared/vendor-approval.ts): until
// then it sees no job, hears of none, cannot bid and is offered to no manager. Rejecting or
// deactivating a vendor withdraws its pending bids and tells the managers.

let t: TestApp;
let staff: TestClient;
let manager: TestClient;
let managerId: number;
let projectId: number;
let rivalId: number;
/** An open Plumbing request, open to all: every approved plumber sees it. */
let jobId: number;
let planId: number;

const BID = {
  amount: 450,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: '2031-05-01T09:00:00.000Z',
  notes: '',
};

beforeAll(async () => {
  t = await startTestApp();
  staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
  const company = await makeClient(t.db, { name: 'Maple Homes' });
  projectId = (await makeProject(t.db, { clientId: company.id, name: 'Maple Court' })).id;
  const managerUser = await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  managerId = managerUser.id;
  manager = await signIn(t.app, managerUser.email);
  rivalId = (await makeVendor(t.db, { companyName: 'Rival Plumbing', serviceCategories: ['Plumbing'] })).id;
  jobId = (await makeRequest(t.db, { createdById: managerId, projectId, type: 'Plumbing', inviteAll: true }))
    .id;
  const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  planId = monthly!.id;
});
afterAll(async () => {
  await t.close();
});

/** Posts the local checkout's card form as a browser would: answers the success page's address. */
async function pay(client: TestClient, url: string): Promise<string> {
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
  const location = String(paid.headers.location);
  return `${location.replace('/vendor-application/subscription/success/', '/stripe/vendor/subscription/success/')}/`;
}

/**
 * A plumber through the whole application: the wizard, the checkout, the success page and the
 * password it sets there, signed in. Its application is paid and waits for staff.
 */
async function paidVendor() {
  const applicant = await visitor(t.app);
  const info = companyInfo();
  const success = await applicant.get(
    await pay(applicant, await submitVendorApplication(applicant, planId, info)),
  );
  expect(success.statusCode).toBe(200);
  const token = success.json<{ password_token: string }>().password_token;
  const set = await applicant.post('/api/users/set-password/', { token, password: TEST_PASSWORD });
  expect(set.statusCode).toBe(200);
  // Its address confirmed, as the link of the mail the set-password call sent would.
  await t.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, info.email));
  const [user] = await t.db.select().from(users).where(eq(users.email, info.email));
  const [application] = await t.db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.userId, user!.id));
  return { id: user!.id, application: application!, client: await signIn(t.app, info.email) };
}

const jobIds = async (client: TestClient) =>
  (await client.get('/api/vendor/jobs/')).json<{ results: { id: number }[] }>().results.map((job) => job.id);

describe('a vendor that has paid but that staff have not approved', () => {
  let vendor: Awaited<ReturnType<typeof paidVendor>>;

  beforeAll(async () => {
    vendor = await paidVendor();
  });

  it('is made unapproved by its payment, its application waiting for review', async () => {
    const [profile] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, vendor.id));
    expect(profile!.approvedAt).toBeNull();
    expect(vendor.application).toMatchObject({ status: 'paid', reviewedAt: null });
  });

  it('sees an empty jobs list that says it is under review', async () => {
    const page = await vendor.client.get('/api/vendor/jobs/');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      results: [],
      count: 0,
      total_pages: 1,
      current_page: 1,
      under_review: true,
    });
    // Filters and pages change nothing.
    const filtered = await vendor.client.get('/api/vendor/jobs/?service_type=Plumbing&page=2');
    expect(filtered.json()).toMatchObject({ results: [], count: 0, under_review: true });
  });

  it('may not open a request, even one it is invited to, nor message about it', async () => {
    const invited = await makeRequest(t.db, { createdById: managerId, projectId, invited: [vendor.id] });
    for (const id of [jobId, invited.id]) {
      expect((await vendor.client.get(`/api/requests/${id}/`)).statusCode).toBe(403);
      expect(
        (await vendor.client.post('/api/messages/', { request: id, content: 'Hello?' })).statusCode,
      ).toBe(403);
    }
  });

  it('is refused a bid, with or without an Idempotency-Key, with words it can act on', async () => {
    const keyless = await vendor.client.post(`/api/requests/${jobId}/bid/`, BID);
    const keyed = await vendor.client.post(`/api/requests/${jobId}/bid/`, BID, {
      headers: { 'idempotency-key': `approval-${vendor.id}` },
    });
    for (const refused of [keyless, keyed]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'VENDOR_UNDER_REVIEW',
        detail: ERROR_MESSAGES.VENDOR_UNDER_REVIEW,
      });
    }
    expect(await t.db.select().from(bids).where(eq(bids.vendorId, vendor.id))).toEqual([]);
  });

  it('is refused by both forms of the bid checks: the one statement and the full checks', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.id, vendor.id));
    const [rival] = await t.db.select().from(users).where(eq(users.id, rivalId));
    const now = new Date();
    const input = bidInputSchema.parse(BID);
    // The statement places the approved rival's bid beside it, not the vendor's.
    const placed = await placeBids(t.db, [
      bidWrite(user!, jobId, input, now)!,
      bidWrite(rival!, jobId, input, now)!,
    ]);
    expect(placed[0]).toBeUndefined();
    expect(placed[1]).toMatchObject({ vendorId: rivalId, requestId: jobId, status: 'pending' });
    await t.db.delete(bids).where(eq(bids.id, placed[1]!.id));
    // The full checks answer 403 before they look at the request.
    await expect(
      t.db.transaction((tx) => loadBidWriteTarget(tx, user!, jobId, new Date())),
    ).rejects.toMatchObject({
      statusCode: 403,
      body: { code: 'VENDOR_UNDER_REVIEW' },
    });
    await expect(
      t.db.transaction((tx) => loadBidWriteTarget(tx, rival!, jobId, new Date())),
    ).resolves.toMatchObject({
      id: jobId,
    });
  });

  it('hears of no new job: no notification, so no mail, SMS or push', async () => {
    const created = await manager.post('/api/requests/', {
      type: 'Plumbing',
      description: 'Burst pipe in the basement',
      property_id: projectId,
      invite_all: true,
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json<{ id: number }>().id;
    await t.app.announceNewJobs();
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedRequestId, requestId));
    expect(notices.map((notice) => notice.userId)).toContain(rivalId);
    expect(notices.map((notice) => notice.userId)).not.toContain(vendor.id);
  });

  it('is not offered to managers, and an invitation to it is refused', async () => {
    const offered = (await manager.get('/api/vendors/')).json<{ id: number }[]>().map((entry) => entry.id);
    expect(offered).toContain(rivalId);
    expect(offered).not.toContain(vendor.id);
    const plumbers = (await manager.get('/api/vendors/?category=Plumbing')).json<{ id: number }[]>();
    expect(plumbers.map((entry) => entry.id)).not.toContain(vendor.id);

    const open = await makeRequest(t.db, { createdById: managerId, projectId });
    const invite = await manager.post(`/api/requests/${open.id}/invitations/`, { vendors: [vendor.id] });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().errors.vendors[0]).toMatch(/under review/);
    const withInvite = await manager.post('/api/requests/', {
      type: 'Plumbing',
      description: 'Dripping tap in 2B',
      property_id: projectId,
      vendors: [rivalId, vendor.id],
    });
    expect(withInvite.statusCode).toBe(400);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, vendor.id))).toEqual([]);
  });

  it('reads on its dashboard what is still missing', async () => {
    const dashboard = await vendor.client.get('/api/vendor/dashboard/');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().approval).toEqual({ approved: false, missing: ['staff_review'] });
    // Without a current certificate, that is missing too.
    await t.db
      .update(vendorProfiles)
      .set({ insuranceExpiresOn: '2020-01-31' })
      .where(eq(vendorProfiles.userId, vendor.id));
    expect((await vendor.client.get('/api/vendor/dashboard/')).json().approval).toEqual({
      approved: false,
      missing: ['insurance_certificate', 'staff_review'],
    });
    await t.db
      .update(vendorProfiles)
      .set({ insuranceExpiresOn: '2099-06-30' })
      .where(eq(vendorProfiles.userId, vendor.id));
  });

  it('is live the moment staff approve it: its cached session learns it at once', async () => {
    // Its visibility is cached with its session (session-cache.ts): read it first.
    expect(await jobIds(vendor.client)).toEqual([]);
    const approve = await staff.post(`/api/admin/applications/vendors/${vendor.application.id}/approve/`);
    expect(approve.statusCode).toBe(200);
    const [profile] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, vendor.id));
    expect(profile!.approvedAt).not.toBeNull();

    const page = (await vendor.client.get('/api/vendor/jobs/')).json();
    expect(page.under_review).toBeUndefined();
    expect(page.results.map((job: { id: number }) => job.id)).toContain(jobId);
    expect((await vendor.client.get(`/api/requests/${jobId}/`)).statusCode).toBe(200);
    expect((await vendor.client.post(`/api/requests/${jobId}/bid/`, BID)).statusCode).toBe(201);
    expect((await vendor.client.get('/api/vendor/dashboard/')).json().approval).toEqual({
      approved: true,
      missing: [],
    });
    const offered = (await manager.get('/api/vendors/')).json<{ id: number }[]>().map((entry) => entry.id);
    expect(offered).toContain(vendor.id);
  });
});

describe('an approval written by another process or a script', () => {
  it('reaches the cached session through the database trigger', async () => {
    const waiting = await makeVendor(t.db, { serviceCategories: ['Plumbing'], approvedAt: null });
    const client = await signIn(t.app, waiting.email);
    expect(await jobIds(client)).toEqual([]);
    await t.db.execute(sql`update vendor_profiles set approved_at = now() where user_id = ${waiting.id}`);
    const deadline = Date.now() + 5_000;
    while (!(await jobIds(client)).includes(jobId)) {
      if (Date.now() > deadline) throw new Error('the cached visibility never changed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

describe('a vendor that is no longer live loses its pending bids', () => {
  /** An approved plumber with pending bids on two clients' requests and an accepted one. */
  async function biddingVendor() {
    const vendor = await makeVendor(t.db, {
      companyName: 'Leaky Pipes LLC',
      serviceCategories: ['Plumbing'],
    });
    const otherCompany = await makeClient(t.db, { name: 'Birch Estates' });
    const otherProject = await makeProject(t.db, { clientId: otherCompany.id, name: 'Birch Court' });
    const otherManager = await makeUser(t.db, { type: 'property_manager', clientId: otherCompany.id });
    const here = await makeRequest(t.db, { createdById: managerId, projectId });
    const there = await makeRequest(t.db, { createdById: otherManager.id, projectId: otherProject.id });
    const won = await makeRequest(t.db, { createdById: managerId, projectId, status: 'in_progress' });
    const pendingHere = await makeBid(t.db, { requestId: here.id, vendorId: vendor.id });
    const pendingThere = await makeBid(t.db, { requestId: there.id, vendorId: vendor.id });
    const accepted = await makeBid(t.db, { requestId: won.id, vendorId: vendor.id, status: 'accepted' });
    const rivalBid = await makeBid(t.db, { requestId: here.id, vendorId: rivalId });
    return { vendor, otherManager, here, there, pendingHere, pendingThere, accepted, rivalBid };
  }

  const statusOf = async (bidId: number) =>
    (await t.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)))[0]!.status;

  async function expectWithdrawn(world: Awaited<ReturnType<typeof biddingVendor>>) {
    expect(await statusOf(world.pendingHere.id)).toBe('withdrawn');
    expect(await statusOf(world.pendingThere.id)).toBe('withdrawn');
    expect(await statusOf(world.accepted.id)).toBe('accepted');
    expect(await statusOf(world.rivalBid.id)).toBe('pending');
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'request_status'), eq(notifications.title, 'Bid withdrawn')));
    const about = (requestId: number) => notices.filter((notice) => notice.relatedRequestId === requestId);
    expect(about(world.here.id).map((notice) => notice.userId)).toEqual([managerId]);
    expect(about(world.there.id).map((notice) => notice.userId)).toEqual([world.otherManager.id]);
    expect(about(world.here.id)[0]!.message).toBe(
      `Leaky Pipes LLC's bid on request #${world.here.id} (Plumbing) at Maple Court was withdrawn: the vendor is no longer active on FieldBid.`,
    );
    // Its manager reads the notice in the app.
    const list = (await manager.get('/api/notifications/')).json<
      { title: string; related_request: number }[]
    >();
    expect(list).toContainEqual(
      expect.objectContaining({ title: 'Bid withdrawn', related_request: world.here.id }),
    );
  }

  it('when staff reject its application', async () => {
    const world = await biddingVendor();
    const [application] = await t.db
      .insert(vendorApplications)
      .values({
        status: 'paid',
        vendorName: 'Leaky Pipes LLC',
        email: world.vendor.email,
        firstName: 'Lee',
        userId: world.vendor.id,
        planId,
        submittedAt: new Date(),
        paidAt: new Date(),
      })
      .returning();
    const reject = await staff.post(`/api/admin/applications/vendors/${application!.id}/reject/`, {
      reason: 'The certificate names another company.',
    });
    expect(reject.statusCode).toBe(200);
    await expectWithdrawn(world);
  });

  it('when staff deactivate it', async () => {
    const world = await biddingVendor();
    const deactivate = await staff.post(`/api/admin/users/${world.vendor.id}/deactivate/`);
    expect(deactivate.statusCode).toBe(200);
    await expectWithdrawn(world);
    // Reactivating brings the account back, not the bids.
    expect((await staff.post(`/api/admin/users/${world.vendor.id}/reactivate/`)).statusCode).toBe(200);
    expect(await statusOf(world.pendingHere.id)).toBe('withdrawn');
  });
});
