import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { jobVisits } from '#server/db/schema/job-visits.ts';
import { messages } from '#server/db/schema/messages.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import type { WorkQueue, WorkQueueItem } from '#shared/work-queue.ts';
import type { WorkQueueKind } from '#shared/work-queue-kinds.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

/*
 * GET /api/property-manager/work-queue/: what waits on a manager appears when it starts waiting and is gone
 * once the manager has done it, for the manager's own client only.
 */

const QUEUE = '/api/property-manager/work-queue/';
const DAY = 86_400_000;

let t: TestApp;
let as: Record<'manager' | 'colleague' | 'outsider' | 'plumber' | 'fixer' | 'staff', TestClient>;
const ids = { manager: 0, plumber: 0, fixer: 0, project: 0, client: 0 };

async function queue(client: TestClient): Promise<WorkQueue> {
  const response = await client.get(QUEUE);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorkQueue>();
}

const itemsOf = (body: WorkQueue, kind: WorkQueueKind, requestId: number): WorkQueueItem[] =>
  body.items.filter((item) => item.kind === kind && item.request_id === requestId);

const bidBody = () => ({
  amount: 400,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: new Date(Date.now() + 7 * DAY).toISOString(),
});

/** An in-progress request awarded to the plumber `awardedDaysAgo` days ago. */
async function awardedJob(awardedDaysAgo: number) {
  const request = await makeRequest(t.db, {
    createdById: ids.manager,
    projectId: ids.project,
    status: 'in_progress',
    isOpenForBids: false,
  });
  const bid = await makeBid(t.db, {
    requestId: request.id,
    vendorId: ids.plumber,
    status: 'accepted',
    decidedAt: new Date(Date.now() - awardedDaysAgo * DAY),
  });
  await t.db
    .update(maintenanceRequests)
    .set({ awardedBidId: bid.id })
    .where(eq(maintenanceRequests.id, request.id));
  return request.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  const project = await makeProject(t.db, { clientId: client.id, name: 'Maple Court' });
  ids.project = project.id;
  ids.client = client.id;
  const other = await makeClient(t.db);
  const manager = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  ids.manager = manager.id;
  const colleague = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const outsider = await makeUser(t.db, { type: 'property_manager', clientId: other.id });
  const plumber = await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] });
  const fixer = await makeVendor(t.db, { companyName: 'Fix Co', serviceCategories: ['Plumbing'] });
  ids.plumber = plumber.id;
  ids.fixer = fixer.id;
  const staff = await makeUser(t.db, { type: null, isStaff: true });
  as = await signInEach(t.app, { manager, colleague, outsider, plumber, fixer, staff });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/property-manager/work-queue/', () => {
  it('is for property managers: 401 signed out, 403 for a vendor, empty for staff', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: QUEUE });
    expect(signedOut.statusCode).toBe(401);
    expect((await as.plumber.get(QUEUE)).statusCode).toBe(403);
    const empty = await queue(as.staff);
    expect(empty.items).toEqual([]);
    expect(Object.values(empty.counts).every((count) => count === 0)).toBe(true);
  });

  it('lists an open request once a bid arrives, with the count, and drops it on the award', async () => {
    const request = await makeRequest(t.db, { createdById: ids.manager, projectId: ids.project });
    expect(itemsOf(await queue(as.manager), 'bids_to_review', request.id)).toEqual([]);

    const placed = await as.plumber.post(`/api/requests/${request.id}/bid/`, bidBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const [one] = itemsOf(await queue(as.manager), 'bids_to_review', request.id);
    expect(one).toMatchObject({
      request_name: `Request #${request.id}`,
      request_summary: 'Plumbing · Maple Court',
      title: 'Review bids',
      detail: '1 bid · first just now',
      href: `/property-manager/requests/${request.id}`,
    });

    expect((await as.fixer.post(`/api/requests/${request.id}/bid/`, bidBody())).statusCode).toBe(201);
    // The first bid placed two days ago: "since" is the first bid's time.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY - 60_000);
    await t.db.update(bids).set({ createdAt: twoDaysAgo }).where(eq(bids.vendorId, ids.plumber));
    const body = await queue(as.colleague);
    const [two] = itemsOf(body, 'bids_to_review', request.id);
    expect(two?.detail).toBe('2 bids · first 2 days ago');
    expect(two?.since).toBe(twoDaysAgo.toISOString());
    expect(body.counts.bids_to_review).toBeGreaterThanOrEqual(1);
    expect(itemsOf(await queue(as.outsider), 'bids_to_review', request.id)).toEqual([]);

    const [bid] = await t.db.select().from(bids).where(eq(bids.requestId, request.id)).limit(1);
    const award = await as.manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid!.id });
    expect(award.statusCode, award.body).toBe(200);
    expect(itemsOf(await queue(as.manager), 'bids_to_review', request.id)).toEqual([]);
  });

  it('lists a job the vendor marked complete until the manager confirms it', async () => {
    const requestId = await awardedJob(1);
    expect(itemsOf(await queue(as.manager), 'completion_to_confirm', requestId)).toEqual([]);
    const done = await as.plumber.post(`/api/requests/${requestId}/complete/`, { note: 'All fixed.' });
    expect(done.statusCode, done.body).toBe(200);
    const [item] = itemsOf(await queue(as.manager), 'completion_to_confirm', requestId);
    expect(item).toMatchObject({
      title: 'Confirm completion',
      detail: 'Pipes Inc marked the job complete',
      href: `/property-manager/requests/${requestId}`,
    });
    expect(itemsOf(await queue(as.outsider), 'completion_to_confirm', requestId)).toEqual([]);

    const confirmed = await as.manager.post(`/api/requests/${requestId}/confirm/`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(itemsOf(await queue(as.manager), 'completion_to_confirm', requestId)).toEqual([]);
  });

  it('lists a job not marked complete two weeks after the award as overdue', async () => {
    const recent = await awardedJob(13);
    const late = await awardedJob(15);
    const body = await queue(as.manager);
    expect(itemsOf(body, 'overdue_job', recent)).toEqual([]);
    const [item] = itemsOf(body, 'overdue_job', late);
    expect(item).toMatchObject({ title: 'Job overdue' });
    expect(Date.now() - Date.parse(item!.since)).toBeGreaterThan(DAY - 60_000);
    expect(itemsOf(await queue(as.outsider), 'overdue_job', late)).toEqual([]);
  });

  it('lists a vendor message unanswered for a business day until the manager replies', async () => {
    const request = await makeRequest(t.db, { createdById: ids.manager, projectId: ids.project });
    const sent = await as.plumber.post('/api/messages/', {
      request: request.id,
      content: 'Is the unit occupied?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Fresh: it has not waited a business day.
    expect(itemsOf(await queue(as.manager), 'unanswered_message', request.id)).toEqual([]);

    // Four days back always spans at least one business day, weekend or not.
    const old = new Date(Date.now() - 4 * DAY);
    await t.db.update(messages).set({ createdAt: old }).where(eq(messages.requestId, request.id));
    const [item] = itemsOf(await queue(as.manager), 'unanswered_message', request.id);
    expect(item).toMatchObject({
      title: 'Reply to a message',
      detail: 'Pipes Inc: “Is the unit occupied?”',
      since: old.toISOString(),
      href: `/property-manager/messages?request=${request.id}&vendor=${ids.plumber}`,
    });
    expect(itemsOf(await queue(as.outsider), 'unanswered_message', request.id)).toEqual([]);

    // A nudge from the vendor keeps the wait from the first message.
    expect(
      (await as.plumber.post('/api/messages/', { request: request.id, content: 'Hello?' })).statusCode,
    ).toBe(201);
    expect(itemsOf(await queue(as.manager), 'unanswered_message', request.id)[0]?.since).toBe(
      old.toISOString(),
    );

    const reply = await as.manager.post('/api/messages/', {
      request: request.id,
      vendor: ids.plumber,
      content: 'Yes, after 1 pm.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(itemsOf(await queue(as.manager), 'unanswered_message', request.id)).toEqual([]);
  });

  it('lists visits the vendor proposed, and confirmed visits that ended with no arrival', async () => {
    const requestId = await awardedJob(2);
    const now = Date.now();
    const [proposed] = await t.db
      .insert(jobVisits)
      .values({
        requestId,
        number: 1,
        purpose: 'diagnose',
        status: 'proposed',
        proposedBy: 'vendor',
        windows: [{ date: '2027-01-05', start: '09:00', end: '11:00' }],
      })
      .returning();
    await t.db.insert(jobVisits).values([
      { requestId, number: 2, purpose: 'repair', status: 'proposed', proposedBy: 'manager' },
      {
        requestId,
        number: 3,
        purpose: 'repair',
        status: 'confirmed',
        proposedBy: 'vendor',
        startsAt: new Date(now - 3 * 3_600_000),
        endsAt: new Date(now - 3_600_000),
      },
      {
        requestId,
        number: 4,
        purpose: 'follow_up',
        status: 'confirmed',
        proposedBy: 'vendor',
        startsAt: new Date(now - 3 * 3_600_000),
        endsAt: new Date(now - 3_600_000),
        arrivedAt: new Date(now - 2 * 3_600_000),
      },
    ]);
    const body = await queue(as.manager);
    expect(itemsOf(body, 'visit_to_confirm', requestId)).toEqual([
      expect.objectContaining({ title: 'Confirm a visit', detail: 'Pipes Inc proposed visit 1 (Diagnosis)' }),
    ]);
    expect(itemsOf(body, 'overdue_visit', requestId)).toEqual([
      expect.objectContaining({
        title: 'Visit overdue',
        detail: 'Pipes Inc has not arrived for visit 3 (Repair)',
      }),
    ]);
    expect(itemsOf(await queue(as.outsider), 'visit_to_confirm', requestId)).toEqual([]);

    await t.db.update(jobVisits).set({ status: 'confirmed' }).where(eq(jobVisits.id, proposed!.id));
    expect(itemsOf(await queue(as.manager), 'visit_to_confirm', requestId)).toEqual([]);
  });

  it('lists the oldest first and counts every item of each kind', async () => {
    const body = await queue(as.manager);
    const times = body.items.map((item) => Date.parse(item.since));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const kind of Object.keys(body.counts) as WorkQueueKind[]) {
      expect(body.counts[kind]).toBe(body.items.filter((item) => item.kind === kind).length);
    }
    expect(body.counts.overdue_job).toBe(1);
    expect(body.counts.overdue_visit).toBe(1);
  });

  it("lists an award waiting for the owner's approval, and drops it when the manager withdraws the ask", async () => {
    const project = await makeProject(t.db, { clientId: ids.client, name: 'Birch Hall' });
    const limits = await as.manager.request('PUT', `/api/projects/${project.id}/owner-approval/`, {
      json: {
        nte_limit: 100,
        emergency_limit: null,
        owners: [{ name: 'Olivia Owner', email: 'olivia@example.com', phone: '' }],
      },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const request = await makeRequest(t.db, { createdById: ids.manager, projectId: project.id });
    const placed = await as.plumber.post(`/api/requests/${request.id}/bid/`, bidBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const award = await as.manager.post(`/api/requests/${request.id}/award/`, {
      bid_id: placed.json<{ id: number }>().id,
    });
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json<{ owner_approval?: { status: string } }>().owner_approval?.status).toBe('waiting');

    const [waiting] = itemsOf(await queue(as.manager), 'approval_waiting', request.id);
    expect(waiting).toMatchObject({
      title: "Owner's approval",
      detail: "Pipes Inc's $400 award waits for the owner, asked just now",
      href: `/property-manager/requests/${request.id}`,
    });
    expect(itemsOf(await queue(as.outsider), 'approval_waiting', request.id)).toEqual([]);

    const withdrawn = await as.manager.post(`/api/requests/${request.id}/owner-approval/withdraw/`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(itemsOf(await queue(as.manager), 'approval_waiting', request.id)).toEqual([]);
  });
});
