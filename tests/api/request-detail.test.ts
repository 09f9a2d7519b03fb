import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '#server/db/schema/projects.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
const as: Record<string, TestClient> = {};
let requestId: number;
let otherRequestId: number;
let photoId: number;
let projectId: number;
let unitId: number;
/** A request of the same property awarded to `awarded` (in progress). */
let awardedRequestId: number;
/** The bidding vendors' user ids (the detail names each bid's vendor for "Message this vendor"). */
const vendorIds: Record<'plumber' | 'invited', number> = { plumber: 0, invited: 0 };
const DENIED = { detail: 'You do not have permission to view this request.' };

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  const project = await makeProject(t.db, { clientId: client.id, name: 'Harbor View', address: '1 Pier Rd' });
  const creator = await makeUser(t.db, {
    type: 'property_manager',
    clientId: client.id,
    firstName: 'Pat',
    lastName: 'Lee',
    jobTitle: 'Property Manager',
  });
  const colleague = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const outsider = await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id });
  const plumber = await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] });
  const invited = await makeVendor(t.db, { companyName: 'Invited LLC', serviceCategories: ['Painting'] });
  vendorIds.plumber = plumber.id;
  vendorIds.invited = invited.id;
  const stranger = await makeVendor(t.db, { serviceCategories: ['Windows'] });
  const admin = await makeUser(t.db, { type: null, isStaff: true });
  const [unit] = await t.db.insert(units).values({ projectId: project.id, number: '204' }).returning();
  unitId = unit!.id;
  const request = await makeRequest(t.db, {
    createdById: creator.id,
    projectId: project.id,
    unitId,
    priority: 'high',
    type: 'Plumbing',
    description: 'Leak under the sink',
    timeframe: '2 Weeks',
    areasAffected: ['Kitchen'],
    bidDeadline: new Date('2027-02-01T00:00:00Z'),
    invited: [invited.id],
    photoKeys: ['requests/leak.jpg'],
  });
  requestId = request.id;
  projectId = project.id;
  const awarded = await makeVendor(t.db, { companyName: 'Awarded Co', serviceCategories: ['Plumbing'] });
  const awardedRequest = await makeRequest(t.db, { createdById: creator.id, projectId: project.id });
  const acceptedBid = await makeBid(t.db, {
    requestId: awardedRequest.id,
    vendorId: awarded.id,
    status: 'accepted',
  });
  await t.db
    .update(maintenanceRequests)
    .set({ status: 'in_progress', isOpenForBids: false, awardedBidId: acceptedBid.id })
    .where(eq(maintenanceRequests.id, awardedRequest.id));
  awardedRequestId = awardedRequest.id;
  otherRequestId = (await makeRequest(t.db, { createdById: outsider.id, type: 'Windows' })).id;
  await makeBid(t.db, {
    requestId,
    vendorId: plumber.id,
    amount: 450,
    estimatedTime: 3,
    estimatedTimeUnit: 'days',
    notes: 'Two-year warranty on parts; drywall patch excluded.',
    proposedStartDate: new Date('2027-01-11T08:00:00Z'),
  });
  await makeBid(t.db, { requestId, vendorId: invited.id, amount: 700, notes: 'Includes haul-away.' });
  Object.assign(
    as,
    await signInEach(t.app, { creator, colleague, outsider, plumber, invited, stranger, admin, awarded }),
  );
  const body = (await as.creator!.get(`/api/requests/${requestId}/`)).json<{
    photos: Array<{ id: number }>;
  }>();
  photoId = body.photos[0]!.id;
});
afterAll(async () => {
  await t.close();
});

type Detail = { bids: Array<{ vendor_name: string }> } & Record<string, unknown>;

describe('GET /api/requests/{id}/', () => {
  it('answers the creating manager with every field of the detail and every bid', async () => {
    const response = await as.creator!.get(`/api/requests/${requestId}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: requestId,
      created_at: expect.any(String),
      status: 'open',
      type: 'Plumbing',
      timeframe: '2 Weeks',
      priority: 'high',
      raised_by: 'manager',
      unit: '204',
      unit_id: unitId,
      description: 'Leak under the sink',
      areas_affected: ['Kitchen'],
      project: {
        id: projectId,
        name: 'Harbor View',
        address: '1 Pier Rd',
        city: '',
        time_zone: 'America/Denver',
        latitude: null,
        longitude: null,
      },
      documentation_available: true,
      is_own_report: false,
      is_open_to_vendors: true,
      invite_all: false,
      invited_vendors: [{ id: vendorIds.invited, name: 'Invited LLC', bid_status: 'pending' }],
      user: { first_name: 'Pat', last_name: 'Lee', job_title: 'Property Manager' },
      bidding_config: { is_open_for_bids: true, bid_deadline: '2027-02-01T00:00:00.000Z' },
      bids: [
        {
          id: expect.any(Number),
          version: 1,
          vendor_id: vendorIds.plumber,
          vendor_name: 'Pipes Inc',
          estimated_time: 3,
          estimated_time_unit: 'days',
          amount: 450,
          status: 'pending',
          notes: 'Two-year warranty on parts; drywall patch excluded.',
          proposed_start_date: '2027-01-11T08:00:00.000Z',
          line_items: [],
          options: [],
        },
        {
          id: expect.any(Number),
          version: 1,
          vendor_id: vendorIds.invited,
          vendor_name: 'Invited LLC',
          estimated_time: 2.5,
          estimated_time_unit: 'hours',
          amount: 700,
          status: 'pending',
          notes: 'Includes haul-away.',
          proposed_start_date: '2027-01-04T09:00:00.000Z',
          line_items: [],
          options: [],
        },
      ],
      photos: [{ id: photoId, url: '/api/files/requests/leak.jpg' }],
      spot: null,
      // The lifecycle part (tests/api/request-lifecycle*.test.ts covers it in depth).
      timeline: [],
      awarded_bid: null,
      completion: { note: '', photos: [], vendor_completed_at: null, completed_at: null },
      allowed_actions: ['award', 'close_bidding', 'cancel'],
    });
  });

  it('shows every bid to staff and to a manager of the same client', async () => {
    for (const who of ['admin', 'colleague']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.statusCode).toBe(200);
      expect(response.json<Detail>().bids).toHaveLength(2);
    }
  });

  it("gives the managing side each bid's notes and start date before the award", async () => {
    for (const who of ['admin', 'colleague']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.json<Detail>().bids).toEqual([
        expect.objectContaining({
          vendor_name: 'Pipes Inc',
          notes: 'Two-year warranty on parts; drywall patch excluded.',
          proposed_start_date: '2027-01-11T08:00:00.000Z',
        }),
        expect.objectContaining({
          vendor_name: 'Invited LLC',
          notes: 'Includes haul-away.',
          proposed_start_date: '2027-01-04T09:00:00.000Z',
        }),
      ]);
    }
  });

  it("never gives a bidding vendor the notes or start date of a bid, its competitor's least of all", async () => {
    // The manager's answer is cached first: a vendor's detail is a body of its own.
    await as.creator!.get(`/api/requests/${requestId}/`);
    for (const who of ['plumber', 'invited']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.statusCode).toBe(200);
      const text = response.body;
      expect(text).not.toContain('Two-year warranty');
      expect(text).not.toContain('haul-away');
      for (const bid of response.json<{ bids: Record<string, unknown>[] }>().bids) {
        expect(bid).not.toHaveProperty('notes');
        expect(bid).not.toHaveProperty('proposed_start_date');
      }
    }
  });

  it('shows a category vendor and an invited vendor the request with only their own bid', async () => {
    const plumber = await as.plumber!.get(`/api/requests/${requestId}/`);
    expect(plumber.statusCode).toBe(200);
    expect(plumber.json<Detail>().bids.map((bid) => bid.vendor_name)).toEqual(['Pipes Inc']);
    const invited = await as.invited!.get(`/api/requests/${requestId}/`);
    expect(invited.statusCode).toBe(200);
    expect(invited.json<Detail>().bids.map((bid) => bid.vendor_name)).toEqual(['Invited LLC']);
  });

  it("tells staff and the client's managers they may read the property's documentation", async () => {
    for (const who of ['admin', 'colleague', 'creator']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.json()).toMatchObject({
        project: { id: projectId },
        documentation_available: true,
      });
    }
  });

  it('opens the documentation to the vendor holding the accepted bid, not to bidders', async () => {
    const awarded = await as.awarded!.get(`/api/requests/${awardedRequestId}/`);
    expect(awarded.statusCode).toBe(200);
    expect(awarded.json()).toMatchObject({ project: { id: projectId }, documentation_available: true });
    // The answer agrees with the documentation call itself.
    expect((await as.awarded!.get(`/api/projects/${projectId}/documentation/`)).statusCode).toBe(200);
    for (const who of ['plumber', 'invited']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.json()).toMatchObject({ project: { id: projectId }, documentation_available: false });
      expect((await as[who]!.get(`/api/projects/${projectId}/documentation/`)).statusCode).toBe(403);
    }
  });

  it('refuses a vendor neither invited nor in the category, and a manager of another client, with 403', async () => {
    for (const who of ['stranger', 'outsider']) {
      const response = await as[who]!.get(`/api/requests/${requestId}/`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(DENIED);
    }
  });

  it('answers a request without a property with project null', async () => {
    const response = await as.admin!.get(`/api/requests/${otherRequestId}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Detail>()).toMatchObject({
      project: null,
      documentation_available: false,
      bids: [],
      photos: [],
      timeframe: null,
      priority: 'medium',
      raised_by: 'manager',
      unit: null,
      unit_id: null,
    });
  });

  it("says a vendor's report was raised by a vendor: its form sets the timeline, not a priority", async () => {
    const report = await makeRequest(t.db, {
      createdById: vendorIds.plumber,
      projectId,
      timeframe: 'Over 2 Weeks',
    });
    const response = await as.admin!.get(`/api/requests/${report.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ raised_by: 'vendor', timeframe: 'Over 2 Weeks', unit: null });
  });

  it('refuses a visitor with 401', async () => {
    const visitor = new TestClient(t.app);
    await visitor.csrfToken();
    expect((await visitor.get(`/api/requests/${requestId}/`)).statusCode).toBe(401);
  });

  it('answers 404 for a missing or non-numeric id', async () => {
    for (const id of ['999999', 'abc', '12abc', '-1', '99999999999999999999']) {
      const response = await as.admin!.get(`/api/requests/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Request not found.' });
    }
  });
});
