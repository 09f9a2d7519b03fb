import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// The jobs pages as a vendor reads them. Pages are kept per process and reused while the request-list generation stands
// (src/server/requests/list-page-cache.ts): every write to requests or invitations must show at once.
type Page = { results: { id: number; status: string; invited_vendors: number[] }[]; count: number };

let t: TestApp;
let vendor: TestClient;
let vendorId: number;
let world: Awaited<ReturnType<typeof makeRequestWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeRequestWorld(t.db);
  const made = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  vendorId = made.id;
  vendor = await signIn(t.app, made.email);
});
afterAll(async () => {
  await t.close();
});

const jobs = async () => (await vendor.get('/api/vendor/jobs/?page_size=100')).json<Page>();

describe('cached jobs pages', () => {
  it('show a new request, a changed status, an invitation and a deletion on the next read', async () => {
    const base = { createdById: world.manager.id, projectId: world.project.id };
    const first = await makeRequest(t.db, { ...base, type: 'Plumbing' });
    expect((await jobs()).results.map((job) => job.id)).toEqual([first.id]);

    const second = await makeRequest(t.db, { ...base, type: 'Plumbing' });
    expect((await jobs()).count).toBe(2);

    await t.db.update(mr).set({ status: 'cancelled' }).where(eq(mr.id, first.id));
    expect((await jobs()).results.find((job) => job.id === first.id)?.status).toBe('cancelled');

    const painting = await makeRequest(t.db, { ...base, type: 'Painting' });
    expect((await jobs()).count).toBe(2);
    await t.db.insert(requestInvitations).values({ requestId: painting.id, vendorId });
    const invited = await jobs();
    expect(invited.count).toBe(3);
    expect(invited.results.find((job) => job.id === painting.id)?.invited_vendors).toEqual([vendorId]);

    await t.db.delete(mr).where(eq(mr.id, second.id));
    expect((await jobs()).results.map((job) => job.id)).not.toContain(second.id);
  });

  it('answer 304 to an unchanged page’s ETag and a new ETag once a request changes', async () => {
    const first = await vendor.get('/api/vendor/jobs/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await vendor.get('/api/vendor/jobs/', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id, type: 'Plumbing' });
    const changed = await vendor.get('/api/vendor/jobs/', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('name only the asking vendor among invited_vendors, never the competitors invited with it', async () => {
    const competitor = await makeVendor(t.db, { serviceCategories: ['Windows'] });
    const shared = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Doors',
      invited: [vendorId, competitor.id],
    });
    const page = await jobs();
    expect(page.results.find((job) => job.id === shared.id)?.invited_vendors).toEqual([vendorId]);
  });
});
