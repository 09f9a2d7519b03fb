import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest } from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

type Project = { id: number; name: string; address: string };

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, TestClient> = {};

async function signIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

async function projectsOf(client: TestClient): Promise<Project[]> {
  const response = await client.get('/api/user/projects/');
  expect(response.statusCode).toBe(200);
  return response.json<Project[]>();
}

beforeAll(async () => {
  t = await startTestApp();
  const mine = await makeClient(t.db);
  const other = await makeClient(t.db);
  const birch = await makeProject(t.db, { clientId: mine.id, name: 'Birch Court', address: '2 Birch St' });
  const aspen = await makeProject(t.db, { clientId: mine.id, name: 'Aspen Ridge', address: '1 Aspen Way' });
  const closed = await makeProject(t.db, { clientId: mine.id, name: 'Closed Tower', isActive: false });
  const elsewhere = await makeProject(t.db, { clientId: other.id, name: 'Elsewhere Lofts' });
  Object.assign(ids, { birch: birch.id, aspen: aspen.id, closed: closed.id, elsewhere: elsewhere.id });

  const manager = await makeUser(t.db, { type: 'property_manager', clientId: mine.id });
  const managerWithoutClient = await makeUser(t.db, { type: 'property_manager' });
  const vendor = await makeUser(t.db, { type: 'vendor' });
  const newVendor = await makeUser(t.db, { type: 'vendor' });
  const admin = await makeUser(t.db, { type: null, isStaff: true });

  // The vendor won a job at Birch and at Elsewhere (twice there), and only bid at Aspen.
  const request = (projectId: number) => makeRequest(t.db, { createdById: manager.id, projectId });
  await makeBid(t.db, { requestId: (await request(birch.id)).id, vendorId: vendor.id, status: 'accepted' });
  await makeBid(t.db, {
    requestId: (await request(elsewhere.id)).id,
    vendorId: vendor.id,
    status: 'accepted',
  });
  await makeBid(t.db, {
    requestId: (await request(elsewhere.id)).id,
    vendorId: vendor.id,
    status: 'accepted',
  });
  await makeBid(t.db, { requestId: (await request(aspen.id)).id, vendorId: vendor.id, status: 'pending' });
  await makeBid(t.db, {
    requestId: (await request(closed.id)).id,
    vendorId: newVendor.id,
    status: 'rejected',
  });

  clients.manager = await signIn(manager.email);
  clients.managerWithoutClient = await signIn(managerWithoutClient.email);
  clients.vendor = await signIn(vendor.email);
  clients.newVendor = await signIn(newVendor.email);
  clients.staff = await signIn(admin.email);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/user/projects/', () => {
  it('refuses a visitor with 401', async () => {
    expect((await new TestClient(t.app).get('/api/user/projects/')).statusCode).toBe(401);
  });

  it("gives a manager its client's active properties by name, with id, name and address", async () => {
    expect(await projectsOf(clients.manager!)).toEqual([
      { id: ids.aspen, name: 'Aspen Ridge', address: '1 Aspen Way' },
      { id: ids.birch, name: 'Birch Court', address: '2 Birch St' },
    ]);
  });

  it('gives a manager without a client an empty list', async () => {
    expect(await projectsOf(clients.managerWithoutClient!)).toEqual([]);
  });

  it('gives a vendor each property where it holds an accepted bid, once', async () => {
    const names = (await projectsOf(clients.vendor!)).map((project) => project.name);
    expect(names).toEqual(['Birch Court', 'Elsewhere Lofts']);
  });

  it('gives a vendor without an accepted bid an empty list', async () => {
    expect(await projectsOf(clients.newVendor!)).toEqual([]);
  });

  it('gives staff every property, inactive ones too', async () => {
    const found = (await projectsOf(clients.staff!)).map((project) => project.id);
    expect(found).toEqual(expect.arrayContaining([ids.aspen, ids.birch, ids.closed, ids.elsewhere]));
    expect(found).toHaveLength(4);
  });
});
