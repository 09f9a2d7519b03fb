import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '#server/notifications/notify.ts';
import type { Notification } from '#shared/notification-schemas.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// Opening a conversation (GET /api/messages/) marks the reader's new_message notifications of
// that thread read: the bell's unread count drops (issues 5 and 6).

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

describe('reading a thread reads its new_message notifications', () => {
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

    expect(await unread(manager.client)).toEqual([
      { title: 'New message from Pat Vendor', request: leak },
      { title: 'New message from Jordan Vendor', request: drain },
    ]);
    // A colleague's own notices of the same thread are theirs to read.
    expect(await unread(colleague.client)).toHaveLength(4);
    // Reading again changes nothing.
    await manager.client.get(`/api/messages/?request=${leak}&vendor=${plumber.id}`);
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

    const read = await plumber.client.get(`/api/messages/?request=${leak}`);
    expect(read.statusCode).toBe(200);

    const left = (await unread(plumber.client)).filter((n) => n.request === leak || n.request === drain);
    expect(left).toEqual([
      { title: 'Bid accepted', request: leak },
      { title: expect.stringMatching(/^New message from Morgan /), request: drain },
    ]);
    // The other vendor's thread on the same request is untouched.
    expect((await unread(otherPlumber.client)).filter((n) => n.request === leak)).toHaveLength(1);
  });

  it('mark_read=false reads the thread and leaves messages and notices unread', async () => {
    const leak = await plumbingRequest();
    await send(manager.client, leak, 'Gate code is 4411.', plumber.id);
    const unreadHere = async () => (await unread(plumber.client)).filter((n) => n.request === leak);
    expect(await unreadHere()).toHaveLength(1);

    const kept = await plumber.client.get(`/api/messages/?request=${leak}&mark_read=false`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual([expect.objectContaining({ content: 'Gate code is 4411.' })]);
    expect(await unreadHere()).toHaveLength(1);
    const threads = await plumber.client.get('/api/messages/conversations/');
    expect(threads.json()).toContainEqual(expect.objectContaining({ request_id: leak, unread_count: 1 }));

    expect((await plumber.client.get(`/api/messages/?request=${leak}&mark_read=maybe`)).statusCode).toBe(400);
    await plumber.client.get(`/api/messages/?request=${leak}`);
    expect(await unreadHere()).toHaveLength(0);
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
});
