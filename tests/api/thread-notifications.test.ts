import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema/messages.ts';
import { notify } from '#server/notifications/notify.ts';
import type { Notification } from '#shared/notification-schemas.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Reading a thread (GET /api/messages/) never changes anything: a link from another site carries
// the session cookie. The conversation screen marks it read with POST /api/messages/read/ once its
// messages are on screen, which marks the reader's new_message notifications of that thread read:
// the bell's unread count drops (issues 5 and 6).

let t: TestApp;
let manager: { id: number; client: TestClient };
let colleague: { id: number; client: TestClient };
let plumber: { id: number; client: TestClient };
let otherPlumber: { id: number; client: TestClient };
let projectId: number;

async function plumbingVendor(firstName: string) {
  const vendor = await signInNewUser(t, { type: 'vendor', firstName, lastName: 'Vendor' });
  await makeVendorProfile(t.db, { userId: vendor.id, serviceCategories: ['Plumbing'] });
  return vendor;
}

const plumbingRequest = async () =>
  (await makeRequest(t.db, { createdById: manager.id, projectId, type: 'Plumbing' })).id;

async function send(client: TestClient, request: number, content: string, vendor?: number) {
  const response = await client.post('/api/messages/', { request, vendor, content });
  expect(response.statusCode, response.body).toBe(201);
}

/** POST /api/messages/read/ as the conversation screen sends it; answers how many messages it marked. */
async function markRead(client: TestClient, request: number, vendor?: number): Promise<number> {
  const response = await client.post('/api/messages/read/', { request, vendor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ marked: number }>().marked;
}

/** The user's unread notifications as the bell asks for them: title and request, in a fixed order. */
async function unread(client: TestClient): Promise<Array<{ title: string; request: number | null }>> {
  const response = await client.get('/api/notifications/?is_read=false');
  expect(response.statusCode).toBe(200);
  return response
    .json<Notification[]>()
    .map((notice) => ({ title: notice.title, request: notice.related_request }))
    .sort((a, b) => `${a.request}${a.title}`.localeCompare(`${b.request}${b.title}`));
}

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: company.id })).id;
  manager = await signInNewUser(t, { type: 'property_manager', clientId: company.id, firstName: 'Morgan' });
  colleague = await signInNewUser(t, { type: 'property_manager', clientId: company.id, firstName: 'Casey' });
  plumber = await plumbingVendor('Jordan');
  otherPlumber = await plumbingVendor('Pat');
});

afterAll(async () => {
  await t?.close();
});

describe('marking a thread read reads its new_message notifications', () => {
  it("a manager's read of one vendor's thread leaves other vendors and requests unread", async () => {
    const leak = await plumbingRequest();
    const drain = await plumbingRequest();
    await send(plumber.client, leak, 'On my way.');
    await send(plumber.client, leak, 'Arrived.');
    await send(otherPlumber.client, leak, 'I can come tomorrow.');
    await send(plumber.client, drain, 'Drain snake needed.');
    const before = await unread(manager.client);
    expect(before).toHaveLength(4);

    const read = await manager.client.get(`/api/messages/?request=${leak}&vendor=${plumber.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(2);
    expect(await unread(manager.client)).toHaveLength(4);

    expect(await markRead(manager.client, leak, plumber.id)).toBe(2);
    expect(await unread(manager.client)).toEqual([
      { title: 'New message from Pat Vendor', request: leak },
      { title: 'New message from Jordan Vendor', request: drain },
    ]);
    // A colleague's own notices of the same thread are theirs to read.
    expect(await unread(colleague.client)).toHaveLength(4);
    // Marking again changes nothing.
    expect(await markRead(manager.client, leak, plumber.id)).toBe(0);
    expect(await unread(manager.client)).toHaveLength(2);
  });

  it("a vendor's read marks its notices about that request only, and no other kind", async () => {
    const leak = await plumbingRequest();
    const drain = await plumbingRequest();
    await send(manager.client, leak, 'Can you come today?', plumber.id);
    await send(colleague.client, leak, 'Tenant is home after 3.', plumber.id);
    await send(manager.client, drain, 'And this one?', plumber.id);
    await send(manager.client, leak, 'For you too.', otherPlumber.id);
    // A notice of another kind about the same request is not a message: it stays unread.
    await notify(t.db, [
      {
        userId: plumber.id,
        kind: 'bid_accepted',
        title: 'Bid accepted',
        message: '',
        relatedRequestId: leak,
      },
    ]);
    const mine = (await unread(plumber.client)).filter((n) => n.request === leak || n.request === drain);
    expect(mine).toHaveLength(4);

    expect(await markRead(plumber.client, leak)).toBe(2);

    const left = (await unread(plumber.client)).filter((n) => n.request === leak || n.request === drain);
    expect(left).toEqual([
      { title: 'Bid accepted', request: leak },
      { title: expect.stringMatching(/^New message from Morgan /), request: drain },
    ]);
    // The other vendor's thread on the same request is untouched.
    expect((await unread(otherPlumber.client)).filter((n) => n.request === leak)).toHaveLength(1);
  });

  it('reading the thread (GET) leaves messages and notices unread, whatever its query', async () => {
    const leak = await plumbingRequest();
    await send(manager.client, leak, 'Gate code is 4411.', plumber.id);
    const unreadHere = async () => (await unread(plumber.client)).filter((n) => n.request === leak);
    const unreadCount = async () =>
      (await plumber.client.get('/api/messages/conversations/'))
        .json<Array<{ request_id: number; unread_count: number }>>()
        .find((thread) => thread.request_id === leak)?.unread_count;
    expect(await unreadHere()).toHaveLength(1);

    for (const query of ['', '&mark_read=true', '&mark_read=false']) {
      const read = await plumber.client.get(`/api/messages/?request=${leak}${query}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual([expect.objectContaining({ content: 'Gate code is 4411.' })]);
    }
    expect(await unreadHere()).toHaveLength(1);
    expect(await unreadCount()).toBe(1);

    expect(await markRead(plumber.client, leak)).toBe(1);
    expect(await unreadHere()).toHaveLength(0);
    expect(await unreadCount()).toBe(0);
  });

  it('a refused read marks nothing', async () => {
    const leak = await plumbingRequest();
    await send(plumber.client, leak, 'Question about access.');
    const outsider = await signInNewUser(t, {
      type: 'property_manager',
      clientId: (await makeClient(t.db)).id,
    });
    const refused = await outsider.client.get(`/api/messages/?request=${leak}&vendor=${plumber.id}`);
    expect(refused.statusCode).toBe(403);
    const badVendor = await manager.client.get(`/api/messages/?request=${leak}&vendor=${manager.id}`);
    expect(badVendor.statusCode).toBe(400);
    expect((await unread(manager.client)).filter((n) => n.request === leak)).toHaveLength(1);
  });

  it('refuses a mark-read as it refuses the read, and marks nothing', async () => {
    const leak = await plumbingRequest();
    await send(plumber.client, leak, 'Which unit?');
    await send(manager.client, leak, 'Unit 4B.', plumber.id);
    const outsider = await signInNewUser(t, {
      type: 'property_manager',
      clientId: (await makeClient(t.db)).id,
    });
    const electrician = await signInNewUser(t, { type: 'vendor' });
    await makeVendorProfile(t.db, { userId: electrician.id, serviceCategories: ['Electrical'] });
    const post = (client: TestClient, body: object, options?: { csrf: boolean }) =>
      client.post('/api/messages/read/', body, options);

    // The same answers as GET /api/messages/ gives these callers.
    for (const [client, body, status] of [
      [outsider.client, { request: leak, vendor: plumber.id }, 403],
      [electrician.client, { request: leak }, 403],
      [manager.client, { request: leak, vendor: manager.id }, 400],
      [manager.client, { request: leak }, 400],
      [plumber.client, { request: 999_999 }, 404],
      [plumber.client, { request: 'x1' }, 400],
    ] as const) {
      const query = `request=${body.request}${'vendor' in body ? `&vendor=${body.vendor}` : ''}`;
      expect((await client.get(`/api/messages/?${query}`)).statusCode, query).toBe(status);
      expect((await post(client, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
    // A cookie-authenticated write: refused without the CSRF header, and without a session.
    const noCsrf = await post(plumber.client, { request: leak }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect((await post(new TestClient(t.app), { request: leak })).statusCode).toBe(403);

    expect((await unread(manager.client)).filter((n) => n.request === leak)).toHaveLength(1);
    expect((await unread(plumber.client)).filter((n) => n.request === leak)).toHaveLength(1);
    const rows = await t.db.select().from(messages).where(eq(messages.requestId, leak));
    expect(rows.map((row) => row.readAt)).toEqual([null, null]);
  });
});
