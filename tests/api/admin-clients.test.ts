import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, units } from '#server/db/schema/projects.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeClient, makeProject, makeRequest } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';

let t: TestAppWithFiles;
let staff: TestClient;
let vendor: TestClient;
let manager: TestClient;
let managerId: number;
let company: Awaited<ReturnType<typeof makeClient>>;

beforeAll(async () => {
  t = await startTestAppWithFiles('admin-clients');
  company = await makeClient(t.db, { name: 'Aspen Property Group', address: '9 Aspen Way' });
  staff = (await signInNewUser(t, { type: null, isStaff: true })).client;
  vendor = (await signInNewUser(t, { type: 'vendor' })).client;
  const managerUser = await signInNewUser(t, { type: 'property_manager', clientId: company.id });
  manager = managerUser.client;
  managerId = managerUser.id;
  await makeUser(t.db, { type: 'property_manager', clientId: company.id });
  await makeUser(t.db, { type: 'property_manager', clientId: company.id, isActive: false });
});
afterAll(async () => {
  await t.close();
});

const put = (client: TestClient, url: string, json: unknown) => client.request('PUT', url, { json });
const del = (client: TestClient, url: string) => client.request('DELETE', url);

describe('who may call the clients API', () => {
  it('answers 401 signed out and 403 to managers and vendors, and changes nothing', async () => {
    const project = await makeProject(t.db, { clientId: company.id, name: 'Guarded' });
    const [unit] = await t.db.insert(units).values({ projectId: project.id, number: 'G1' }).returning();
    const property = { name: 'Hacked', address: '1 Hack St', is_active: true };
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['GET', '/api/admin/clients/', undefined],
      ['GET', `/api/admin/clients/${company.id}/`, undefined],
      ['POST', `/api/admin/clients/${company.id}/projects/`, property],
      ['PUT', `/api/admin/projects/${project.id}/`, property],
      ['GET', `/api/admin/projects/${project.id}/units/`, undefined],
      ['POST', `/api/admin/projects/${project.id}/units/`, { numbers: '1' }],
      ['DELETE', `/api/admin/units/${unit!.id}/`, undefined],
      ['POST', `/api/admin/projects/${project.id}/thumbnail/`, {}],
    ];
    const anonymous = new TestClient(t.app, '10.8.0.9');
    await anonymous.csrfToken();
    for (const [method, url, json] of calls) {
      expect((await anonymous.request(method, url, { json })).statusCode, url).toBe(401);
      expect((await manager.request(method, url, { json })).statusCode, url).toBe(403);
      expect((await vendor.request(method, url, { json })).statusCode, url).toBe(403);
    }
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.name).toBe('Guarded');
    expect(await t.db.select().from(units).where(eq(units.projectId, project.id))).toHaveLength(1);
  });
});

describe('clients', () => {
  it('lists clients by name with their property and active manager counts', async () => {
    const other = await makeClient(t.db, { name: 'aardvark Estates' });
    await makeProject(t.db, { clientId: other.id });
    const response = await staff.get('/api/admin/clients/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, total_pages: Math.max(1, Math.ceil(body.count / 10)) });
    const names = body.results.map((row: { name: string }) => row.name);
    expect(names.indexOf('aardvark Estates')).toBeLessThan(names.indexOf('Aspen Property Group'));
    const aspen = body.results.find((row: { id: number }) => row.id === company.id);
    const count = await t.db.$count(projects, eq(projects.clientId, company.id));
    expect(aspen).toEqual({
      id: company.id,
      name: 'Aspen Property Group',
      address: '9 Aspen Way',
      is_active: true,
      project_count: count,
      manager_count: 2,
    });
  });

  it('shows one client with its properties and their unit counts; 404 for an unknown one', async () => {
    const project = await makeProject(t.db, { clientId: company.id, name: 'Counted Court' });
    await t.db.insert(units).values([
      { projectId: project.id, number: '1' },
      { projectId: project.id, number: '2' },
    ]);
    const response = await staff.get(`/api/admin/clients/${company.id}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: company.id, name: 'Aspen Property Group', manager_count: 2 });
    expect(body.projects.find((p: { id: number }) => p.id === project.id)).toEqual({
      id: project.id,
      client_id: company.id,
      name: 'Counted Court',
      address: project.address,
      is_active: true,
      time_zone: 'America/Denver',
      city: '',
      latitude: null,
      longitude: null,
      unit_count: 2,
      thumbnail: null,
    });
    expect((await staff.get('/api/admin/clients/999999/')).statusCode).toBe(404);
  });
});

describe('properties', () => {
  it('creates a property the client’s managers then see in their property list', async () => {
    const response = await staff.post(`/api/admin/clients/${company.id}/projects/`, {
      name: '  Spruce Tower ',
      address: '20 Spruce Ave, Denver, CO',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      client_id: company.id,
      name: 'Spruce Tower',
      address: '20 Spruce Ave, Denver, CO',
      is_active: true,
      time_zone: 'America/Denver',
      city: '',
      latitude: null,
      longitude: null,
      unit_count: 0,
      thumbnail: null,
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, created.id));
    expect(row).toMatchObject({ clientId: company.id, name: 'Spruce Tower', isActive: true });
    const mine = (await manager.get('/api/user/projects/')).json();
    expect(JSON.stringify(mine)).toContain('Spruce Tower');
    expect(managerId).toBeGreaterThan(0);
  });

  it('answers 400 with the shared messages and 404 for an unknown client', async () => {
    const response = await staff.post(`/api/admin/clients/${company.id}/projects/`, {
      name: ' ',
      address: '',
      is_active: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: ['Enter the property name.'],
      address: ['Enter the property address.'],
      is_active: ['Choose whether the property is active.'],
    });
    const long = await staff.post(`/api/admin/clients/${company.id}/projects/`, {
      name: 'x'.repeat(121),
      address: 'y'.repeat(301),
    });
    expect(long.json().errors).toEqual({
      name: ['Keep the name to 120 characters or fewer.'],
      address: ['Keep the address to 300 characters or fewer.'],
    });
    const unknown = await staff.post('/api/admin/clients/999999/projects/', { name: 'A', address: 'B' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Client not found.');
  });

  it('edits a property and switches it off; inactive properties leave the manager’s list', async () => {
    const project = await makeProject(t.db, { clientId: company.id, name: 'Willow Place' });
    const response = await put(staff, `/api/admin/projects/${project.id}/`, {
      name: 'Willow Place North',
      address: '7 Willow Rd',
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Willow Place North',
      address: '7 Willow Rd',
      is_active: false,
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ name: 'Willow Place North', isActive: false });
    const mine = (await manager.get('/api/user/projects/')).json();
    expect(JSON.stringify(mine)).not.toContain('Willow Place North');
    expect((await put(staff, '/api/admin/projects/999999/', { name: 'A', address: 'B' })).statusCode).toBe(
      404,
    );
    const invalid = await put(staff, `/api/admin/projects/${project.id}/`, { name: '', address: 'B' });
    expect(invalid.json().errors).toEqual({ name: ['Enter the property name.'] });
  });
});

describe('units', () => {
  it('adds single numbers and ranges, skips ones already there, and lists them in order', async () => {
    const project = await makeProject(t.db, { clientId: company.id });
    const first = await staff.post(`/api/admin/projects/${project.id}/units/`, { numbers: '101-103, 2B\n9' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ added: ['101', '102', '103', '2B', '9'], already_there: [] });
    const second = await staff.post(`/api/admin/projects/${project.id}/units/`, { numbers: '103-104' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ added: ['104'], already_there: ['103'] });
    const same = await staff.post(`/api/admin/projects/${project.id}/units/`, { numbers: '104' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ added: [], already_there: ['104'] });
    const list = (await staff.get(`/api/admin/projects/${project.id}/units/`)).json();
    expect(list.results.map((unit: { number: string }) => unit.number)).toEqual([
      '9',
      '2B',
      '101',
      '102',
      '103',
      '104',
    ]);
    expect(list.results[0]).toEqual({ id: expect.any(Number), number: '9', request_count: 0 });
    const stored = await t.db.select().from(units).where(eq(units.projectId, project.id));
    expect(stored).toHaveLength(6);
  });

  it('answers 400 with a message for a bad number, a reversed range or too many units', async () => {
    const project = await makeProject(t.db, { clientId: company.id });
    const url = `/api/admin/projects/${project.id}/units/`;
    const cases: Array<[unknown, string]> = [
      [{ numbers: ' , ' }, 'Enter unit numbers, for example 101, 2B or a range 101-110.'],
      [{}, 'Enter unit numbers, for example 101, 2B or a range 101-110.'],
      [{ numbers: '110-101' }, 'The range 110-101 must go from a lower number to a higher one.'],
      [{ numbers: '1-500' }, 'Add at most 200 units at a time.'],
      [
        { numbers: '12, <b>' },
        '"<b>" is not a unit number: use letters, digits and . / # - (up to 20 characters).',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await staff.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ numbers: [message] });
    }
    expect(await t.db.select().from(units).where(eq(units.projectId, project.id))).toHaveLength(0);
    expect((await staff.post('/api/admin/projects/999999/units/', { numbers: '1' })).statusCode).toBe(404);
  });

  it('removes an unused unit and refuses one a request names with 409', async () => {
    const project = await makeProject(t.db, { clientId: company.id });
    const [used, free] = await t.db
      .insert(units)
      .values([
        { projectId: project.id, number: '301' },
        { projectId: project.id, number: '302' },
      ])
      .returning();
    await makeRequest(t.db, { createdById: managerId, projectId: project.id, unitId: used!.id });

    const refused = await del(staff, `/api/admin/units/${used!.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Unit 301 is named by 1 maintenance request, so it cannot be removed.',
    );
    const listed = (await staff.get(`/api/admin/projects/${project.id}/units/`)).json();
    expect(listed.results.find((unit: { id: number }) => unit.id === used!.id).request_count).toBe(1);

    expect((await del(staff, `/api/admin/units/${free!.id}/`)).statusCode).toBe(204);
    const left = await t.db.select().from(units).where(eq(units.projectId, project.id));
    expect(left.map((unit) => unit.number)).toEqual(['301']);
    expect((await del(staff, `/api/admin/units/${free!.id}/`)).statusCode).toBe(404);
  });
});

const PNG = png();
const thumbnailForm = (body: Buffer, name = 'front.png') =>
  multipart([{ name: 'thumbnail', value: body, filename: name, type: 'image/png' }]);

describe('property thumbnail', () => {
  it('stores an image by its bytes, replaces the previous one, and managers can open it', async () => {
    const project = await makeProject(t.db, { clientId: company.id, name: 'Pictured Place' });
    const url = `/api/admin/projects/${project.id}/thumbnail/`;
    const first = await postMultipart(staff, url, thumbnailForm(PNG));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().thumbnail as string;
    expect(firstUrl).toMatch(
      new RegExp(`^/api/files/project-thumbnails/project-${project.id}/[0-9a-f]{32}\\.png$`),
    );
    expect((await manager.get(firstUrl)).statusCode).toBe(200);

    const second = await postMultipart(staff, url, thumbnailForm(PNG, 'again.png'));
    expect(second.statusCode).toBe(200);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(second.json().thumbnail).toBe(`/api/files/${row!.thumbnailKey}`);
    const kept = await storedFiles(t.dataDir, new RegExp(`project-${project.id}/[0-9a-f]+\\.png$`));
    // The replaced image is gone; only the current one is kept.
    expect(kept).toEqual([row!.thumbnailKey!]);
  });

  it('refuses a file that is not an image, a missing file, and an unknown property', async () => {
    const project = await makeProject(t.db, { clientId: company.id });
    const url = `/api/admin/projects/${project.id}/thumbnail/`;
    const pdf = await postMultipart(staff, url, thumbnailForm(Buffer.from('%PDF-1.7 fake'), 'fake.png'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual({
      thumbnail: ['The thumbnail must be a PNG, JPEG, GIF or WebP image.'],
    });
    const empty = await postMultipart(staff, url, multipart([{ name: 'other', value: 'x' }]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ thumbnail: ['Choose an image for the thumbnail.'] });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.thumbnailKey).toBeNull();
    expect(
      (await postMultipart(staff, '/api/admin/projects/999999/thumbnail/', thumbnailForm(PNG))).statusCode,
    ).toBe(404);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const project = await makeProject(t.db, { clientId: company.id });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await postMultipart(
      staff,
      `/api/admin/projects/${project.id}/thumbnail/`,
      thumbnailForm(big),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({ thumbnail: ['The thumbnail must be 5 MB or smaller.'] });
  });
});
