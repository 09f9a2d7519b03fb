import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '#server/db/schema/projects.ts';
import { users as usersTable } from '#server/db/schema/users.ts';
import { makeUser } from '../support/factories.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeRequests,
  makeVendor,
} from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

type Item = {
  id: number;
  created_at: string;
  service_type: string;
  description: string;
  property: string | null;
  property_id: number | null;
  unit: string | null;
  status: string;
  priority: string;
  areas_affected: string[];
  vendors: Array<{ id: number; name: string }>;
  bid_count: number;
};
type Page = { results: Item[]; count: number; total_pages: number; current_page: number };

let t: TestApp;
const as: Record<string, TestClient> = {};
type Named = 'aspen' | 'birch' | 'cedar' | 'dune' | 'foreign' | 'harbor' | 'lonerOwn' | 'vendor' | 'vendor2';
// Filled by beforeAll, read by the tests.
const ids = {} as Record<Named | `r${1 | 2 | 3 | 4 | 5}`, number>;
const LIST = '/api/property-manager/maintenance-requests/';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

async function page(client: TestClient, query = ''): Promise<Page> {
  const response = await client.get(`${LIST}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const idsOf = (body: Page) => body.results.map((item) => item.id);

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  const harbor = await makeProject(t.db, { clientId: client.id, name: 'Harbor View', address: '1 Pier Rd' });
  const aspen = await makeProject(t.db, { clientId: client.id, name: 'Aspen Ridge', address: '2 Hill St' });
  const foreign = await makeProject(t.db, { clientId: otherClient.id, name: 'Elsewhere' });
  ids.harbor = harbor.id;
  ids.aspen = aspen.id;
  const [unit101] = await t.db
    .insert(units)
    .values([
      { projectId: harbor.id, number: '101' },
      { projectId: harbor.id, number: '102' },
      { projectId: aspen.id, number: '1A' },
    ])
    .returning();
  const creator = await makeUser(t.db, {
    type: 'property_manager',
    clientId: client.id,
    firstName: 'Pat',
    lastName: 'Lee',
    jobTitle: 'Property Manager',
  });
  const colleague = await makeUser(t.db, {
    type: 'property_manager',
    clientId: client.id,
    firstName: 'Ana',
    lastName: 'Diaz',
    jobTitle: 'Assistant',
  });
  const outsider = await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id });
  const loner = await makeUser(t.db, {
    type: 'property_manager',
    clientId: null,
    firstName: 'Lone',
    lastName: 'Ranger',
  });
  const vendor = await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] });
  const vendor2 = await makeVendor(t.db, { companyName: 'Amber Electric' });
  const staff = await makeUser(t.db, { type: null, isStaff: true });
  ids.vendor = vendor.id;
  ids.vendor2 = vendor2.id;

  // Client requests: distinct times, statuses, priorities and types, so each ordering has one answer.
  Object.assign(
    ids,
    await makeRequests(
      t.db,
      { createdById: creator.id },
      {
        r1: {
          projectId: harbor.id,
          unitId: unit101!.id,
          type: 'Plumbing',
          priority: 'urgent',
          status: 'open',
          createdAt: at(1),
          areasAffected: ['Kitchen'],
          invited: [vendor.id, vendor2.id],
        },
        r2: {
          projectId: aspen.id,
          type: 'Electrical',
          priority: 'low',
          status: 'in_progress',
          createdAt: at(2),
        },
        r3: {
          createdById: colleague.id,
          projectId: harbor.id,
          type: 'HVAC',
          priority: 'high',
          status: 'completed',
          createdAt: at(3),
          completedAt: at(50),
        },
        r4: {
          projectId: aspen.id,
          type: 'Appliances',
          priority: 'medium',
          status: 'cancelled',
          createdAt: at(4),
        },
        r5: { projectId: harbor.id, type: 'Painting', priority: 'medium', status: 'open', createdAt: at(5) },
      },
    ),
  );
  // Outside the client: another client's request, and a vendor-raised one without a property.
  ids.foreign = (
    await makeRequest(t.db, { createdById: outsider.id, projectId: foreign.id, createdAt: at(6) })
  ).id;
  ids.lonerOwn = (
    await makeRequest(t.db, { createdById: loner.id, projectId: null, type: 'Other', createdAt: at(7) })
  ).id;
  await makeBid(t.db, { requestId: ids.r1, vendorId: vendor.id });
  // An invited vendor who also bid is one vendor.
  await makeBid(t.db, { requestId: ids.r1, vendorId: vendor2.id });
  // r5 is open to all: three vendors bid uninvited, a fourth withdrew (no longer a bid, nor a vendor).
  for (const [name, companyName] of [
    ['cedar', 'Cedar Paint'],
    ['birch', 'Birch Paint'],
    ['dune', 'Dune Paint'],
  ] as const) {
    const bidder = await makeVendor(t.db, { companyName, serviceCategories: ['Painting'] });
    ids[name] = bidder.id;
    await makeBid(t.db, { requestId: ids.r5, vendorId: bidder.id });
  }
  await makeBid(t.db, { requestId: ids.r5, vendorId: vendor.id, status: 'withdrawn' });

  Object.assign(as, await signInEach(t.app, { creator, colleague, outsider, loner, vendor, staff }));
  as.signedOut = new TestClient(t.app);
  // After the sign-ins above, which stamp the last login.
  await t.db
    .update(usersTable)
    .set({ lastLoginAt: new Date('2026-03-01T10:00:00Z') })
    .where(eq(usersTable.id, colleague.id));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/property-manager/maintenance-requests/', () => {
  it("lists the client's requests newest first with every item field", async () => {
    const body = await page(as.colleague!);
    expect(body).toMatchObject({ count: 5, total_pages: 1, current_page: 1 });
    expect(idsOf(body)).toEqual([ids.r5, ids.r4, ids.r3, ids.r2, ids.r1]);
    expect(body.results.at(-1)).toEqual({
      id: ids.r1,
      created_at: at(1).toISOString(),
      service_type: 'Plumbing',
      description: expect.any(String),
      property: 'Harbor View',
      property_id: ids.harbor,
      unit: '101',
      status: 'open',
      priority: 'urgent',
      areas_affected: ['Kitchen'],
      vendors: [
        { id: ids.vendor2, name: 'Amber Electric' },
        { id: ids.vendor, name: 'Pipes Inc' },
      ],
      bid_count: 2,
    });
    expect(body.results[1]).toMatchObject({ unit: null, vendors: [], bid_count: 0 });
  });

  it('counts as vendors those invited and those who bid uninvited, and counts the live bids', async () => {
    const body = await page(as.creator!);
    expect(body.results.find((item) => item.id === ids.r5)).toMatchObject({
      vendors: [
        { id: ids.birch, name: 'Birch Paint' },
        { id: ids.cedar, name: 'Cedar Paint' },
        { id: ids.dune, name: 'Dune Paint' },
      ],
      bid_count: 3,
    });
    expect(body.results.find((item) => item.id === ids.r1)).toMatchObject({
      vendors: [
        { id: ids.vendor2, name: 'Amber Electric' },
        { id: ids.vendor, name: 'Pipes Inc' },
      ],
      bid_count: 2,
    });
  });

  it('scopes to the asker: another client, a manager without a client (none, even its own), staff (all)', async () => {
    expect(idsOf(await page(as.outsider!))).toEqual([ids.foreign]);
    // Raising a request makes no manager of it: without a client, the list is empty.
    expect(idsOf(await page(as.loner!))).toEqual([]);
    expect((await page(as.staff!)).count).toBe(7);
  });

  it('refuses vendors (403) and the signed out (401)', async () => {
    expect((await as.vendor!.get(LIST)).statusCode).toBe(403);
    expect((await as.signedOut!.get(LIST)).statusCode).toBe(401);
  });

  it('filters by status, service type, property and priority, together too', async () => {
    expect(idsOf(await page(as.creator!, '?status=open'))).toEqual([ids.r5, ids.r1]);
    expect(idsOf(await page(as.creator!, '?service_type=HVAC'))).toEqual([ids.r3]);
    expect(idsOf(await page(as.creator!, `?property=${ids.aspen}`))).toEqual([ids.r4, ids.r2]);
    expect(idsOf(await page(as.creator!, '?priority=medium'))).toEqual([ids.r5, ids.r4]);
    expect(idsOf(await page(as.creator!, `?status=open&property=${ids.harbor}&priority=urgent`))).toEqual([
      ids.r1,
    ]);
    expect((await page(as.creator!, '?status=completed&priority=low')).results).toEqual([]);
  });

  it('refuses unknown filter values with field errors', async () => {
    const response = await as.creator!.get(`${LIST}?status=done&priority=asap&service_type=Magic&property=x`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        status: ['Not a valid status.'],
        priority: ['Not a valid priority.'],
        service_type: ['Not a valid service type.'],
        property: ['Not a valid property.'],
      },
    });
  });

  it('orders by status (spec order), priority, type and created, either way', async () => {
    expect(idsOf(await page(as.creator!, '?ordering=status'))).toEqual([
      ids.r5,
      ids.r1,
      ids.r2,
      ids.r3,
      ids.r4,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=-status'))).toEqual([
      ids.r4,
      ids.r3,
      ids.r2,
      ids.r5,
      ids.r1,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=priority'))).toEqual([
      ids.r2,
      ids.r5,
      ids.r4,
      ids.r3,
      ids.r1,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=-priority'))).toEqual([
      ids.r1,
      ids.r3,
      ids.r5,
      ids.r4,
      ids.r2,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=type'))).toEqual([
      ids.r4,
      ids.r2,
      ids.r3,
      ids.r5,
      ids.r1,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=-service_type'))).toEqual([
      ids.r1,
      ids.r5,
      ids.r3,
      ids.r2,
      ids.r4,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=created'))).toEqual([
      ids.r1,
      ids.r2,
      ids.r3,
      ids.r4,
      ids.r5,
    ]);
    expect(idsOf(await page(as.creator!, '?ordering=-created_at'))).toEqual([
      ids.r5,
      ids.r4,
      ids.r3,
      ids.r2,
      ids.r1,
    ]);
    const bad = await as.creator!.get(`${LIST}?ordering=amount`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        ordering: [
          "Invalid ordering. Use one of status, priority, type, created, with a '-' prefix for descending.",
        ],
      },
    });
  });

  it('pages like the jobs list: sizes, the last page, past the end, bad pages, the size cap', async () => {
    const first = await page(as.creator!, '?page_size=2');
    expect(first).toMatchObject({ count: 5, total_pages: 3, current_page: 1 });
    expect(idsOf(first)).toEqual([ids.r5, ids.r4]);
    expect(idsOf(await page(as.creator!, '?page_size=2&page=3'))).toEqual([ids.r1]);
    const past = await page(as.creator!, '?page_size=2&page=9');
    expect(past).toEqual({ results: [], count: 5, total_pages: 3, current_page: 9 });
    expect((await page(as.creator!, '?page_size=1000')).results).toHaveLength(5);
    const empty = await page(as.creator!, '?service_type=Windows');
    expect(empty).toEqual({ results: [], count: 0, total_pages: 1, current_page: 1 });
    for (const query of ['?page=0', '?page=1.5', '?page=abc', '?page_size=0']) {
      expect((await as.creator!.get(`${LIST}${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/property-manager/dashboard/', () => {
  it('answers stats, the properties overview and the request tabs from data', async () => {
    const response = await as.creator!.get('/api/property-manager/dashboard/');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body.stats).toEqual({ properties: 2, open_requests: 2, total_units: 3, team_members: 2 });
    expect(body.properties_overview).toEqual([
      { id: ids.aspen, name: 'Aspen Ridge', address: '2 Hill St', units: 1, open_requests: 0 },
      { id: ids.harbor, name: 'Harbor View', address: '1 Pier Rd', units: 2, open_requests: 2 },
    ]);
    expect((body.recent_requests as Array<{ id: number }>).map((row) => row.id)).toEqual([
      ids.r5,
      ids.r4,
      ids.r3,
      ids.r2,
      ids.r1,
    ]);
    expect(body.in_progress).toEqual([
      {
        id: ids.r2,
        type: 'Electrical',
        property: 'Aspen Ridge',
        unit: null,
        date: '2026-01-01',
        status: 'in_progress',
        priority: 'low',
      },
    ]);
    expect((body.completed as Array<{ id: number }>).map((row) => row.id)).toEqual([ids.r3]);
  });

  it('keeps a manager to its own client and refuses vendors', async () => {
    const other = (await as.outsider!.get('/api/property-manager/dashboard/')).json<{
      stats: unknown;
      completed: unknown;
    }>();
    expect(other.stats).toEqual({ properties: 1, open_requests: 1, total_units: 0, team_members: 1 });
    expect(other.completed).toEqual([]);
    expect((await as.vendor!.get('/api/property-manager/dashboard/')).statusCode).toBe(403);
    expect((await as.signedOut!.get('/api/property-manager/dashboard/')).statusCode).toBe(401);
  });
});

describe('GET /api/property-manager/team/', () => {
  it("lists the client's users with name, email, job title and last login", async () => {
    const response = await as.creator!.get('/api/property-manager/team/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Ana Diaz',
        email: expect.any(String),
        job_title: 'Assistant',
        last_login: '2026-03-01T10:00:00.000Z',
      },
      // Signing in for this test stamped the creator's last login.
      {
        id: expect.any(Number),
        name: 'Pat Lee',
        email: expect.any(String),
        job_title: 'Property Manager',
        last_login: expect.any(String),
      },
    ]);
  });

  it('shows a manager without a client only itself, and refuses vendors', async () => {
    const loner = (await as.loner!.get('/api/property-manager/team/')).json<Array<{ name: string }>>();
    expect(loner.map((member) => member.name)).toEqual(['Lone Ranger']);
    expect((await as.vendor!.get('/api/property-manager/team/')).statusCode).toBe(403);
  });
});
