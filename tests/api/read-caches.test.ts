import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeBid, makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { readJson, writeUnannounced } from '../support/unannounced-writes.ts';

// The read caches (src/server/cache/): the jobs pages, the request detail, My Bids, the
// unread notifications, the conversations and the manager's list are kept per process and answered
// without a query while nothing they show has changed. Triggers announce every write on the cache
// channel; before a cache answers, the process has applied every announcement committed before the
// request came in. So the next read shows a write, whether it came through this process's API or
// straight through SQL on another connection (t.db is the pool on PostgreSQL, not the LISTEN
// connection). A write made with the triggers switched off is not announced: that the answer does
// not show it proves the answer came from the cache.
let t: TestApp;
let world: Awaited<ReturnType<typeof makeRequestWorld>>;
let vendorId: number;
let vendor: TestClient;
let manager: TestClient;
let jobId: number;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeRequestWorld(t.db);
  const made = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  vendorId = made.id;
  vendor = await signIn(t.app, made.email);
  manager = await signIn(t.app, world.manager.email);
  jobId = (
    await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Plumbing',
      invited: [vendorId],
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

type Page<Row> = { results: Row[]; count: number };

describe('cached answers', () => {
  it('jobs pages: kept until a request is written, then read again', async () => {
    const page = () =>
      readJson<Page<{ id: number; description: string }>>(vendor, '/api/vendor/jobs/?page_size=100');
    const described = async () => (await page()).results.find((job) => job.id === jobId)?.description;
    await writeUnannounced(
      t,
      sql`update maintenance_requests set description = 'Before' where id = ${jobId}`,
    );
    await t.db.update(mr).set({ description: 'Leaking tap' }).where(eq(mr.id, jobId));
    expect(await described()).toBe('Leaking tap');
    await writeUnannounced(
      t,
      sql`update maintenance_requests set description = 'Unannounced' where id = ${jobId}`,
    );
    expect(await described()).toBe('Leaking tap');
    await t.db.update(mr).set({ description: 'Leaking tap, kitchen' }).where(eq(mr.id, jobId));
    expect(await described()).toBe('Leaking tap, kitchen');
  });

  it('request detail: kept per asker until the request, its parts or the people it names change', async () => {
    type Detail = { description: string; user: { first_name: string }; bids: { amount: number }[] };
    const detail = () => readJson<Detail>(vendor, `/api/requests/${jobId}/`);
    expect((await detail()).bids).toEqual([]);
    await writeUnannounced(
      t,
      sql`update maintenance_requests set description = 'Unannounced' where id = ${jobId}`,
    );
    const first = await detail();
    expect(first.description).not.toBe('Unannounced');
    // A bid of its own (bids announce the request), the creator's name (users announce the user).
    await makeBid(t.db, { requestId: jobId, vendorId, amount: 321 });
    const withBid = await detail();
    expect(withBid.description).toBe('Unannounced');
    expect(withBid.bids.map((bid) => bid.amount)).toEqual([321]);
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, world.manager.id));
    expect((await detail()).user.first_name).toBe('Renamed');
    // The managing side's answer is its own: it sees the bid too, with its vendor.
    const managed = await readJson<{ bids: { vendor_id: number }[] }>(manager, `/api/requests/${jobId}/`);
    expect(managed.bids.map((bid) => bid.vendor_id)).toEqual([vendorId]);
    await t.db.delete(bids).where(eq(bids.requestId, jobId));
    expect((await detail()).bids).toEqual([]);
  });

  it('request detail: 304 for its ETag, a new ETag once it changed', async () => {
    const first = await vendor.get(`/api/requests/${jobId}/`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await vendor.get(`/api/requests/${jobId}/`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await t.db.update(mr).set({ timeframe: '2 Weeks' }).where(eq(mr.id, jobId));
    const changed = await vendor.get(`/api/requests/${jobId}/`, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('My Bids: kept until one of the vendor’s bids, its name or a listed request changes', async () => {
    const other = await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id });
    const bid = await makeBid(t.db, { requestId: other.id, vendorId, amount: 100 });
    type Row = { id: number; amount: number; vendor_name: string; request_type: string };
    const mine = async () =>
      (await readJson<Page<Row>>(vendor, '/api/vendor/bids/')).results.find((r) => r.id === bid.id);
    expect((await mine())?.amount).toBe(100);
    await writeUnannounced(t, sql`update bids set amount = 999 where id = ${bid.id}`);
    expect((await mine())?.amount).toBe(100);
    await t.db
      .update(vendorProfiles)
      .set({ companyName: 'Renamed Plumbing' })
      .where(eq(vendorProfiles.userId, vendorId));
    expect(await mine()).toMatchObject({ amount: 999, vendor_name: 'Renamed Plumbing' });
    await t.db.update(mr).set({ type: 'Electrical' }).where(eq(mr.id, other.id));
    expect((await mine())?.request_type).toBe('Electrical');
  });

  it('unread notifications: kept until one of the user’s notifications is written', async () => {
    const unread = () =>
      readJson<{ id: number; title: string }[]>(vendor, '/api/notifications/?is_read=false');
    const [row] = await t.db.insert(notifications).values({ userId: vendorId, title: 'First' }).returning();
    expect((await unread()).map((n) => n.title)).toContain('First');
    await writeUnannounced(t, sql`update notifications set title = 'Unannounced' where id = ${row!.id}`);
    expect((await unread()).map((n) => n.title)).toContain('First');
    // Someone else's notification changes nothing of this answer.
    await t.db.insert(notifications).values({ userId: world.manager.id, title: 'Not yours' });
    expect((await unread()).map((n) => n.title)).toContain('First');
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, row!.id));
    expect((await unread()).map((n) => n.id)).not.toContain(row!.id);
  });

  it('conversations: kept until a thread of the user’s side, its request or its property changes', async () => {
    type Conversation = { request_id: number; last_message: string; participants: { property: string } };
    const mine = async (client: TestClient) =>
      (await readJson<Conversation[]>(client, '/api/messages/conversations/')).find(
        (c) => c.request_id === jobId,
      );
    const [message] = await t.db
      .insert(messages)
      .values({ requestId: jobId, vendorId, senderId: vendorId, senderRole: 'vendor', content: 'Hello' })
      .returning();
    expect((await mine(vendor))?.last_message).toBe('Hello');
    expect((await mine(manager))?.last_message).toBe('Hello');
    await writeUnannounced(t, sql`update messages set content = 'Unannounced' where id = ${message!.id}`);
    expect((await mine(vendor))?.last_message).toBe('Hello');
    await t.db.update(projects).set({ name: 'Renamed Tower' }).where(eq(projects.id, world.project.id));
    expect(await mine(vendor)).toMatchObject({
      last_message: 'Unannounced',
      participants: { property: 'Renamed Tower' },
    });
    // The manager's side is told through its client's tag.
    await t.db.insert(messages).values({
      requestId: jobId,
      vendorId,
      senderId: world.manager.id,
      senderRole: 'property_manager',
      content: 'Hi',
    });
    expect((await mine(manager))?.last_message).toBe('Hi');
  });

  it('manager requests: kept until a request is written or a listed property changes', async () => {
    type Row = { id: number; description: string; property: string };
    const row = async () =>
      (
        await readJson<Page<Row>>(manager, '/api/property-manager/maintenance-requests/?page_size=100')
      ).results.find((r) => r.id === jobId);
    const before = await row();
    await writeUnannounced(
      t,
      sql`update maintenance_requests set description = 'Unannounced again' where id = ${jobId}`,
    );
    expect((await row())?.description).toBe(before?.description);
    await t.db.update(projects).set({ name: 'Tower Two' }).where(eq(projects.id, world.project.id));
    expect(await row()).toMatchObject({ description: 'Unannounced again', property: 'Tower Two' });
    const added = await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id });
    const listed = await readJson<Page<Row>>(
      manager,
      '/api/property-manager/maintenance-requests/?page_size=100',
    );
    expect(listed.results.map((r) => r.id)).toContain(added.id);
  });
});

describe('a write through this process’s API', () => {
  it('shows in the very next request of every cached answer it changes', async () => {
    const job = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Plumbing',
    });
    const bidsOf = async () =>
      (await readJson<Page<{ request_id: number }>>(vendor, '/api/vendor/bids/')).results;
    const detailBids = async () =>
      (await readJson<{ bids: unknown[] }>(vendor, `/api/requests/${job.id}/`)).bids;
    expect((await bidsOf()).map((b) => b.request_id)).not.toContain(job.id);
    expect(await detailBids()).toEqual([]);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const posted = await vendor.post(`/api/requests/${job.id}/bid/`, {
      amount: 250,
      estimated_time: 2,
      proposed_start_date: start,
    });
    expect(posted.statusCode).toBe(201);
    expect((await bidsOf()).map((b) => b.request_id)).toContain(job.id);
    expect(await detailBids()).toHaveLength(1);

    const conversation = async () =>
      (
        await readJson<{ request_id: number; last_message: string }[]>(vendor, '/api/messages/conversations/')
      ).find((c) => c.request_id === job.id);
    expect(await conversation()).toBeUndefined();
    expect((await vendor.post('/api/messages/', { request: job.id, content: 'On my way' })).statusCode).toBe(
      201,
    );
    expect((await conversation())?.last_message).toBe('On my way');

    const unread = () => readJson<unknown[]>(manager, '/api/notifications/?is_read=false');
    expect((await unread()).length).toBeGreaterThan(0);
    expect((await manager.post('/api/notifications/mark-all-read/')).statusCode).toBe(200);
    expect(await unread()).toEqual([]);

    const listed = async () =>
      (
        await readJson<Page<{ id: number; vendors: { id: number }[]; bid_count: number }>>(
          manager,
          '/api/property-manager/maintenance-requests/?page_size=100',
        )
      ).results.find((r) => r.id === job.id);
    // The bidder is one of the request's vendors, uninvited.
    expect(await listed()).toMatchObject({ vendors: [{ id: vendorId }], bid_count: 1 });
    const other = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
    expect(
      (await manager.post(`/api/requests/${job.id}/invitations/`, { vendors: [other.id] })).statusCode,
    ).toBe(200);
    expect((await listed())?.vendors.map((v) => v.id).sort()).toEqual([other.id, vendorId].sort());
    const bidId = (await detailBids()).map((bid) => (bid as { id: number }).id)[0];
    expect((await vendor.post(`/api/bids/${bidId}/withdraw/`)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ vendors: [{ id: other.id }], bid_count: 0 });
  });
});
