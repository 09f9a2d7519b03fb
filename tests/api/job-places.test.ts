import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobVisits } from '#server/db/schema/job-visits.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type { MapSettings, NearbyJobs, VendorVisitsToday } from '#shared/places.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signIn, signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

/*
 * Where the jobs are (docs/decisions/job-places.md): a property's city and coordinates as staff
 * enter them, the request detail naming them, and the vendor's nearby jobs, nearest first, by the
 * jobs list's own visibility rule.
 */
let t: TestApp;
let staff: TestClient;
let manager: TestClient;
let vendor: TestClient;
let vendorId: number;
let managerId: number;
let clientId: number;

/** Downtown Denver: where the vendor stands. */
const HERE = { latitude: 39.7392, longitude: -104.9903 };
/** About 1.1 km, 8 km and 95 km from HERE. */
const NEAR = { name: 'Larimer Lofts', city: 'Denver', latitude: 39.7492, longitude: -104.9903 };
const MIDDLE = { name: 'Aspen Ridge Apartments', city: 'Denver', latitude: 39.6787, longitude: -104.9403 };
const FAR = { name: 'Old Town Flats', city: 'Fort Collins', latitude: 40.5893, longitude: -105.0747 };

const put = (client: TestClient, url: string, json: unknown) => client.request('PUT', url, { json });
const nearby = (client: TestClient, query: string) => client.get(`/api/vendor/jobs/nearby/?${query}`);
const at = (place: { latitude: number; longitude: number }, more = '') =>
  `latitude=${place.latitude}&longitude=${place.longitude}${more}`;

let ids: { near: number; middle: number; far: number; otherTrade: number; held: number; noPlace: number };

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  clientId = client.id;
  staff = (await signInNewUser(t, { type: null, isStaff: true })).client;
  const managerUser = await signInNewUser(t, { type: 'property_manager', clientId });
  manager = managerUser.client;
  managerId = managerUser.id;
  const vendorUser = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  vendorId = vendorUser.id;
  vendor = await signIn(t.app, vendorUser.email);

  const project = async (place: typeof NEAR) => (await makeProject(t.db, { clientId, ...place })).id;
  const [near, middle, far] = [await project(NEAR), await project(MIDDLE), await project(FAR)];
  const noPlace = (await makeProject(t.db, { clientId, name: 'Unknown Place' })).id;
  const job = async (projectId: number, more: Partial<Parameters<typeof makeRequest>[1]> = {}) =>
    (await makeRequest(t.db, { createdById: managerId, projectId, type: 'Plumbing', ...more })).id;
  ids = {
    middle: await job(middle),
    far: await job(far),
    near: await job(near),
    // Not in the vendor's trades, not open to all, not invited: the vendor does not see it.
    otherTrade: await job(near, { type: 'Electrical' }),
    // A vendor's report still held for its managers: seen by no other vendor.
    held: await job(near, { openedToVendorsAt: null, createdById: (await makeVendor(t.db)).id }),
    noPlace: await job(noPlace),
  };
  await job(near, { status: 'completed' });
  await makeBid(t.db, { requestId: ids.middle, vendorId });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/vendor/jobs/nearby/', () => {
  it('lists the jobs the vendor sees, nearest first, with distances, names and places', async () => {
    const response = await nearby(vendor, at(HERE, '&within_km=500'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<NearbyJobs>();
    expect(body.origin).toEqual({ ...HERE, source: 'position' });
    expect(body.results.map((job) => job.id)).toEqual([ids.near, ids.middle, ids.far]);
    expect(body.results[0]).toEqual({
      id: ids.near,
      name: `Request #${ids.near}`,
      service_type: 'Plumbing',
      priority: 'medium',
      status: 'open',
      description: expect.any(String),
      property_name: 'Larimer Lofts',
      city: 'Denver',
      distance_km: 1.1,
      latitude: 39.749,
      longitude: -104.99,
      has_bid: false,
    });
    expect(body.results[1]).toMatchObject({ property_name: 'Aspen Ridge Apartments', has_bid: true });
    expect(body.results[1]!.distance_km).toBe(8);
    expect(body.results[2]).toMatchObject({ city: 'Fort Collins' });
    expect(body.results[2]!.distance_km).toBeGreaterThan(80);
  });

  it('keeps to within_km (50 by default) and refuses a radius past 500', async () => {
    const near = (await nearby(vendor, at(HERE, '&within_km=5'))).json<NearbyJobs>();
    expect(near.results.map((job) => job.id)).toEqual([ids.near]);
    const byDefault = (await nearby(vendor, at(HERE))).json<NearbyJobs>();
    expect(byDefault.within_km).toBe(50);
    expect(byDefault.results.map((job) => job.id)).toEqual([ids.near, ids.middle]);
    expect((await nearby(vendor, at(HERE, '&within_km=501'))).statusCode).toBe(400);
    expect((await nearby(vendor, 'latitude=91&longitude=0')).statusCode).toBe(400);
    expect((await nearby(vendor, 'latitude=39.7')).statusCode).toBe(400);
  });

  it('holds the visibility rule: another trade or a held report is absent until the vendor is invited', async () => {
    const seen = (await nearby(vendor, at(HERE))).json<NearbyJobs>().results.map((job) => job.id);
    expect(seen).not.toContain(ids.otherTrade);
    expect(seen).not.toContain(ids.held);
    expect(seen).not.toContain(ids.noPlace);
    const invited = await makeRequest(t.db, {
      createdById: managerId,
      projectId: (await makeProject(t.db, { clientId, ...NEAR })).id,
      type: 'Electrical',
      invited: [vendorId],
    });
    const after = (await nearby(vendor, at(HERE))).json<NearbyJobs>().results.map((job) => job.id);
    expect(after).toContain(invited.id);
  });

  it('answers 400 without a position or a business location, and uses the business location once set', async () => {
    const refused = await nearby(vendor, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Share your position or set your business location in Settings.');
    await t.db
      .update(vendorProfiles)
      .set({ businessLatitude: FAR.latitude, businessLongitude: FAR.longitude })
      .where(eq(vendorProfiles.userId, vendorId));
    const fromBusiness = (await nearby(vendor, 'within_km=10')).json<NearbyJobs>();
    expect(fromBusiness.origin.source).toBe('business');
    expect(fromBusiness.results.map((job) => job.id)).toEqual([ids.far]);
    expect(fromBusiness.results[0]!.distance_km).toBe(0);
  });

  it('measures from the business location the vendor sets in Settings, both or neither', async () => {
    const other = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    const client = await signIn(t.app, other.email);
    expect((await client.get('/api/vendor/business-location/')).json()).toEqual({
      latitude: null,
      longitude: null,
    });
    const one = await put(client, '/api/vendor/business-location/', { latitude: 39.7, longitude: '' });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toEqual({ longitude: ['Enter both latitude and longitude, or neither.'] });
    const saved = await put(client, '/api/vendor/business-location/', MIDDLE);
    expect(saved.json()).toEqual({ latitude: MIDDLE.latitude, longitude: MIDDLE.longitude });
    const fromBusiness = (await nearby(client, 'within_km=1')).json<NearbyJobs>();
    expect(fromBusiness.origin).toEqual({
      latitude: MIDDLE.latitude,
      longitude: MIDDLE.longitude,
      source: 'business',
    });
    expect(fromBusiness.results.map((job) => job.id)).toEqual([ids.middle]);
    expect(
      (await put(client, '/api/vendor/business-location/', { latitude: null, longitude: null })).json(),
    ).toEqual({
      latitude: null,
      longitude: null,
    });
    expect((await nearby(client, '')).statusCode).toBe(400);
    expect((await put(manager, '/api/vendor/business-location/', MIDDLE)).statusCode).toBe(403);
  });

  it('is for vendors: 403 to a manager, 401 signed out', async () => {
    expect((await nearby(manager, at(HERE))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/vendor/jobs/nearby/?${at(HERE)}` })).statusCode,
    ).toBe(401);
  });
});

describe('a property’s city and coordinates', () => {
  it('staff save them both or neither, within range; the request detail names them', async () => {
    const project = await makeProject(t.db, {
      clientId,
      name: 'Willow Court',
      address: '7 Willow Rd, Denver, CO',
    });
    const url = `/api/admin/projects/${project.id}/`;
    const base = { name: 'Willow Court', address: '7 Willow Rd, Denver, CO' };
    const saved = await put(staff, url, { ...base, city: 'Denver', latitude: '39.7', longitude: -104.95 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ city: 'Denver', latitude: 39.7, longitude: -104.95 });

    const outOfRange = await put(staff, url, { ...base, latitude: 91, longitude: 181 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().errors).toEqual({
      latitude: ['Enter a latitude between -90 and 90.'],
      longitude: ['Enter a longitude between -180 and 180.'],
    });
    const one = await put(staff, url, { ...base, latitude: 39.7, longitude: '' });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toEqual({ longitude: ['Enter both latitude and longitude, or neither.'] });

    // Left out, they stay as stored.
    expect((await put(staff, url, { ...base, name: 'Willow Court North' })).json()).toMatchObject({
      city: 'Denver',
      latitude: 39.7,
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ city: 'Denver', latitude: 39.7, longitude: -104.95 });

    const request = await makeRequest(t.db, { createdById: managerId, projectId: project.id });
    const detail = await manager.get(`/api/requests/${request.id}/`);
    expect(detail.json().project).toMatchObject({
      name: 'Willow Court North',
      city: 'Denver',
      latitude: 39.7,
      longitude: -104.95,
    });

    // Cleared together.
    expect((await put(staff, url, { ...base, latitude: '', longitude: '' })).json()).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('the vendor map', () => {
  /** A job awarded to `awardee`, in progress, with a visit of `status` starting at `startsAt`. */
  async function visitOf(awardee: number, status: 'confirmed' | 'proposed', startsAt: Date, number = 1) {
    const projectId = (await makeProject(t.db, { clientId, ...NEAR, address: '1550 Larimer St, Denver, CO' }))
      .id;
    const request = await makeRequest(t.db, { createdById: managerId, projectId, status: 'in_progress' });
    const bid = await makeBid(t.db, { requestId: request.id, vendorId: awardee, status: 'accepted' });
    await t.db
      .update(maintenanceRequests)
      .set({ awardedBidId: bid.id, isOpenForBids: false })
      .where(eq(maintenanceRequests.id, request.id));
    const [visit] = await t.db
      .insert(jobVisits)
      .values({
        requestId: request.id,
        number,
        purpose: 'repair',
        status,
        proposedBy: 'vendor',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      })
      .returning({ id: jobVisits.id });
    return { requestId: request.id, visitId: visit!.id };
  }

  it("lists today's confirmed visits of the vendor's awarded jobs, earliest first, with their place", async () => {
    const now = Date.now();
    const later = await visitOf(vendorId, 'confirmed', new Date(now + 60_000), 2);
    const earlier = await visitOf(vendorId, 'confirmed', new Date(now));
    await visitOf(vendorId, 'proposed', new Date(now));
    await visitOf(vendorId, 'confirmed', new Date(now + 2 * 86_400_000));
    await visitOf((await makeVendor(t.db)).id, 'confirmed', new Date(now));

    const response = await vendor.get('/api/vendor/visits/today/');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<VendorVisitsToday>();
    expect(results.map((visit) => visit.id)).toEqual([earlier.visitId, later.visitId]);
    expect(results[1]).toMatchObject({
      request_id: later.requestId,
      name: `Request #${later.requestId}, visit 2`,
      time_zone: 'America/Denver',
      property_name: 'Larimer Lofts',
      city: 'Denver',
      address: '1550 Larimer St, Denver, CO',
      latitude: NEAR.latitude,
      longitude: NEAR.longitude,
    });
    expect((await manager.get('/api/vendor/visits/today/')).statusCode).toBe(403);
  });

  it('tells a signed-in app where the tiles come from', async () => {
    const response = await vendor.get('/api/map-settings/');
    expect(response.json<MapSettings>()).toEqual({
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(response.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org(;|$)/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/map-settings/' })).statusCode).toBe(401);
  });
});
