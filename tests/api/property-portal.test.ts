import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '#server/db/schema/projects.ts';
import { maintenanceRequests, requestPhotos } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
const as: Record<string, TestClient> = {};
const ids: Record<string, number> = {};

const day = (n: number) => new Date(Date.UTC(2026, 4, n, 12));
/** The origin links in mail and downloads start with (PUBLIC_URL). */
const ORIGIN = 'http://fieldbid.test';
/** A day's noon UTC as the CSV writes it in UTC. */
// Noon UTC on 2026-05-0n, as the wall clock reads in Denver (MDT, UTC-6).
const denverMorning = (n: number) => `2026-05-0${n} 06:00`;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: ORIGIN });
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  ids.client = client.id;
  ids.otherClient = otherClient.id;
  const harbor = await makeProject(t.db, {
    clientId: client.id,
    name: 'Harbor View',
    address: '1 Pier Rd',
    thumbnailKey: 'projects/harbor.jpg',
  });
  const old = await makeProject(t.db, {
    clientId: client.id,
    name: 'Old Mill',
    address: '9 Mill Ln',
    isActive: false,
  });
  const aspen = await makeProject(t.db, { clientId: client.id, name: 'Aspen Ridge', address: '2 Hill St' });
  ids.harbor = harbor.id;
  ids.old = old.id;
  ids.aspen = aspen.id;
  ids.foreign = (await makeProject(t.db, { clientId: otherClient.id })).id;
  const [u101, , u1000] = await t.db
    .insert(units)
    .values([
      { projectId: harbor.id, number: '101' },
      { projectId: harbor.id, number: '99' },
      { projectId: harbor.id, number: '1000' },
    ])
    .returning();
  ids.u101 = u101!.id;
  ids.u1000 = u1000!.id;

  const manager = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const outsider = await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id });
  const staff = await makeUser(t.db, { type: null, isStaff: true });
  const pipes = await makeVendor(t.db, {
    companyName: 'Pipes Inc',
    serviceCategories: ['Plumbing', 'HVAC'],
    insuranceCertificateKey: 'insurance-certificates/pipes.pdf',
    insuranceExpiresOn: '2099-12-31',
  });
  const bolt = await makeVendor(t.db, {
    companyName: 'Bolt Electric',
    serviceCategories: ['Electrical'],
    insuranceCertificateKey: 'insurance-certificates/bolt.pdf',
    insuranceExpiresOn: '2020-01-01',
  });
  await makeVendor(t.db, { companyName: 'Gone Co' }, { isActive: false });
  const noDate = await makeVendor(t.db, { companyName: 'Acme Handyman', serviceCategories: ['Plumbing'] });
  ids.pipes = pipes.id;
  ids.bolt = bolt.id;
  ids.noDate = noDate.id;

  // Two completed jobs at Harbor View (one with a tricky description), one still in progress.
  const base = { createdById: manager.id, projectId: harbor.id };
  const leak = await makeRequest(t.db, {
    ...base,
    type: 'Plumbing',
    description: 'Leak, "bad" one',
    unitId: u101!.id,
    createdAt: day(1),
  });
  const leakBid = await makeBid(t.db, {
    requestId: leak.id,
    vendorId: pipes.id,
    amount: 450,
    status: 'accepted',
    decidedAt: day(2),
  });
  await t.db
    .update(maintenanceRequests)
    .set({
      status: 'completed',
      awardedBidId: leakBid.id,
      vendorCompletedAt: day(3),
      completionNote: '=SUM(A1)',
      completedAt: day(4),
    })
    .where(eq(maintenanceRequests.id, leak.id));
  await t.db.insert(requestPhotos).values([
    {
      requestId: leak.id,
      storageKey: 'requests/1/completion/a.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 10,
      kind: 'completion',
    },
    {
      requestId: leak.id,
      storageKey: 'requests/1/before.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 10,
      kind: 'request',
    },
  ]);
  const wiring = await makeRequest(t.db, {
    ...base,
    type: 'Electrical',
    description: 'Flickering lights',
    createdAt: day(5),
  });
  const wiringBid = await makeBid(t.db, {
    requestId: wiring.id,
    vendorId: bolt.id,
    amount: 300,
    status: 'accepted',
    decidedAt: day(6),
  });
  await t.db
    .update(maintenanceRequests)
    .set({
      status: 'completed',
      awardedBidId: wiringBid.id,
      completionNote: 'Swapped ballast',
      completedAt: day(8),
    })
    .where(eq(maintenanceRequests.id, wiring.id));
  await makeRequest(t.db, { ...base, status: 'in_progress' });
  ids.leak = leak.id;
  ids.wiring = wiring.id;

  Object.assign(as, await signInEach(t.app, { manager, outsider, staff, pipes }));
  as.signedOut = new TestClient(t.app);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/clients/{clientId}/projects/', () => {
  it("lists the client's properties, active first, with thumbnail URL and unit count", async () => {
    for (const who of ['manager', 'staff']) {
      const response = await as[who]!.get(`/api/clients/${ids.client}/projects/`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: ids.aspen,
          name: 'Aspen Ridge',
          address: '2 Hill St',
          is_active: true,
          thumbnail: null,
          units: 0,
        },
        {
          id: ids.harbor,
          name: 'Harbor View',
          address: '1 Pier Rd',
          is_active: true,
          thumbnail: '/api/files/projects/harbor.jpg',
          units: 3,
        },
        { id: ids.old, name: 'Old Mill', address: '9 Mill Ln', is_active: false, thumbnail: null, units: 0 },
      ]);
    }
  });

  it('refuses others with the error field: another client, a vendor, signed out, unknown client', async () => {
    const denied = {
      error: 'You do not have permission to view these properties.',
      detail: expect.any(String),
    };
    expect((await as.outsider!.get(`/api/clients/${ids.client}/projects/`)).json()).toEqual(denied);
    const vendor = await as.pipes!.get(`/api/clients/${ids.client}/projects/`);
    expect(vendor.statusCode).toBe(403);
    const signedOut = await as.signedOut!.get(`/api/clients/${ids.client}/projects/`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: 'Authentication credentials were not provided.' });
    for (const id of ['99999', 'abc']) {
      const unknown = await as.staff!.get(`/api/clients/${id}/projects/`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'Client not found.' });
    }
  });
});

describe('GET /api/projects/{id}/units/', () => {
  it('lists units in door-number order for the managing side', async () => {
    const response = await as.manager!.get(`/api/projects/${ids.harbor}/units/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Array<{ number: string }>>().map((unit) => unit.number)).toEqual([
      '99',
      '101',
      '1000',
    ]);
    expect(response.json<Array<{ id: number }>>()[1]).toEqual({ id: ids.u101, number: '101' });
    expect((await as.staff!.get(`/api/projects/${ids.aspen}/units/`)).json()).toEqual([]);
  });

  it('refuses another client, vendors and the signed out; 404 for an unknown property', async () => {
    expect((await as.outsider!.get(`/api/projects/${ids.harbor}/units/`)).statusCode).toBe(403);
    expect((await as.pipes!.get(`/api/projects/${ids.harbor}/units/`)).statusCode).toBe(403);
    expect((await as.signedOut!.get(`/api/projects/${ids.harbor}/units/`)).statusCode).toBe(401);
    expect((await as.manager!.get('/api/projects/424242/units/')).statusCode).toBe(404);
  });
});

describe('GET /api/vendors/', () => {
  it('lists active vendors by name with categories, insurance status and completed jobs', async () => {
    const response = await as.manager!.get('/api/vendors/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: ids.noDate,
        name: 'Acme Handyman',
        service_categories: ['Plumbing'],
        insurance: { status: 'missing', expires_on: null },
        completed_jobs: 0,
      },
      {
        id: ids.bolt,
        name: 'Bolt Electric',
        service_categories: ['Electrical'],
        insurance: { status: 'expired', expires_on: '2020-01-01' },
        completed_jobs: 1,
      },
      {
        id: ids.pipes,
        name: 'Pipes Inc',
        service_categories: ['Plumbing', 'HVAC'],
        insurance: { status: 'valid', expires_on: '2099-12-31' },
        completed_jobs: 1,
      },
    ]);
  });

  it('narrows to a category, answers vendors too, refuses the signed out and unknown categories', async () => {
    const plumbing = (await as.pipes!.get('/api/vendors/?category=Plumbing')).json<Array<{ name: string }>>();
    expect(plumbing.map((vendor) => vendor.name)).toEqual(['Acme Handyman', 'Pipes Inc']);
    expect((await as.signedOut!.get('/api/vendors/')).statusCode).toBe(401);
    const bad = await as.manager!.get('/api/vendors/?category=Magic');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { category: ['Not a valid service category.'] } });
  });
});

describe('maintenance history', () => {
  it('lists every completed job of the property, most recently completed first', async () => {
    const response = await as.manager!.get(`/api/projects/${ids.harbor}/history/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: ids.wiring,
        type: 'Electrical',
        description: 'Flickering lights',
        unit: null,
        vendor: 'Bolt Electric',
        cost: 300,
        awarded_option: null,
        created: day(5).toISOString(),
        started: day(6).toISOString(),
        completed: day(8).toISOString(),
        completion_note: 'Swapped ballast',
        photos: [],
      },
      {
        id: ids.leak,
        type: 'Plumbing',
        description: 'Leak, "bad" one',
        unit: '101',
        vendor: 'Pipes Inc',
        cost: 450,
        awarded_option: null,
        created: day(1).toISOString(),
        started: day(2).toISOString(),
        completed: day(4).toISOString(),
        completion_note: '=SUM(A1)',
        photos: [{ id: expect.any(Number), url: '/api/files/requests/1/completion/a.jpg' }],
      },
    ]);
    expect((await as.staff!.get(`/api/projects/${ids.aspen}/history/`)).json()).toEqual([]);
  });

  it('downloads the same history as CSV with a header row, quoted fields and a file name', async () => {
    const response = await as.staff!.get(`/api/projects/${ids.harbor}/history.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="harbor-view-maintenance-history.csv"',
    );
    // A property staff did not place elsewhere is in Denver: noon UTC in May is 6 in the morning (MDT).
    expect(response.body.split('\r\n')).toEqual([
      '"Request ID","Type","Description","Unit","Vendor","Cost (USD)","Created (America/Denver)","Started (America/Denver)","Completed (America/Denver)","Completion note","Photos"',
      `"#${ids.wiring}","Electrical","Flickering lights","","Bolt Electric","300","${denverMorning(5)}","${denverMorning(6)}","${denverMorning(8)}","Swapped ballast",""`,
      `"#${ids.leak}","Plumbing","Leak, ""bad"" one","101","Pipes Inc","450","${denverMorning(1)}","${denverMorning(2)}","${denverMorning(4)}","'=SUM(A1)","${ORIGIN}/api/files/requests/1/completion/a.jpg"`,
      '',
    ]);
  });

  it("writes the times in the property's time zone whatever the reader's, and links photos the manager can open", async () => {
    const manager = as.manager!;
    manager.cookies.set('fieldbid_tz', encodeURIComponent('Asia/Tokyo'));
    try {
      const response = await manager.get(`/api/projects/${ids.harbor}/history.csv`);
      expect(response.statusCode).toBe(200);
      const [head, , leak] = response.body.split('\r\n');
      expect(head).toContain('"Created (America/Denver)"');
      expect(leak).toContain(`"${denverMorning(1)}","${denverMorning(2)}","${denverMorning(4)}"`);
      const link = /"(http[^"]+)"$/.exec(leak ?? '')?.[1] ?? '';
      expect(link).toBe(`${ORIGIN}/api/files/requests/1/completion/a.jpg`);
      await t.app.files.put('requests/1/completion/a.jpg', Buffer.from('photo'), 'image/jpeg');
      const photo = await manager.get(new URL(link).pathname);
      expect(photo.statusCode).toBe(200);
      expect(photo.body).toBe('photo');
    } finally {
      manager.cookies.delete('fieldbid_tz');
    }
  });

  it('follows the time zone staff set for the property, and refuses one it does not offer', async () => {
    const property = `/api/admin/projects/${ids.harbor}/`;
    const put = (time_zone: string) =>
      as.staff!.request('PUT', property, {
        json: { name: 'Harbor View', address: '1 Pier Rd', is_active: true, time_zone },
      });
    const refused = await put('Mars/Olympus');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Choose the time zone the property is in.');
    const moved = await put('America/New_York');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ time_zone: 'America/New_York' });
    try {
      const response = await as.manager!.get(`/api/projects/${ids.harbor}/history.csv`);
      expect(response.body).toContain('"Created (America/New_York)"');
      // Noon UTC in May is 8 in the morning in New York (EDT).
      expect(response.body).toContain('"2026-05-01 08:00","2026-05-02 08:00","2026-05-04 08:00"');
    } finally {
      await put('America/Denver');
    }
  });

  it('is for the client managers and staff only', async () => {
    for (const path of [`/api/projects/${ids.harbor}/history/`, `/api/projects/${ids.harbor}/history.csv`]) {
      expect((await as.outsider!.get(path)).statusCode, path).toBe(403);
      expect((await as.pipes!.get(path)).statusCode, path).toBe(403);
      expect((await as.signedOut!.get(path)).statusCode, path).toBe(401);
    }
    expect((await as.manager!.get('/api/projects/0x1/history/')).statusCode).toBe(404);
  });
});
