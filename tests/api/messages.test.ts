import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema/messages.ts';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { MAX_MESSAGE_LENGTH } from '#shared/message-schemas.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let creator: { id: number; client: TestClient };
let colleague: { id: number; client: TestClient };
let outsider: TestClient;
let plumber: { id: number; client: TestClient };
let otherPlumber: { id: number; client: TestClient };
let electrician: { id: number; client: TestClient };
let staff: TestClient;
let projectId: number;

async function vendor(categories: string[], firstName: string) {
  const signedIn = await signInNewUser(t, { type: 'vendor', firstName, lastName: 'Vendor' });
  await makeVendorProfile(t.db, {
    userId: signedIn.id,
    serviceCategories: categories,
    companyName: `${firstName} Co`,
  });
  return signedIn;
}

const plumbingRequest = () =>
  makeRequest(t.db, { createdById: creator.id, projectId, type: 'Plumbing', description: 'Leaking sink' });

beforeAll(async () => {
  t = await startTestApp();
  const company = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: company.id, name: 'Cherry Creek Lofts' })).id;
  creator = await signInNewUser(t, {
    type: 'property_manager',
    clientId: company.id,
    firstName: 'Morgan',
    lastName: 'Reyes',
  });
  colleague = await signInNewUser(t, {
    type: 'property_manager',
    clientId: company.id,
    firstName: 'Casey',
    lastName: 'Kim',
  });
  outsider = (await signInNewUser(t, { type: 'property_manager', clientId: (await makeClient(t.db)).id }))
    .client;
  plumber = await vendor(['Plumbing'], 'Jordan');
  otherPlumber = await vendor(['Plumbing'], 'Pat');
  electrician = await vendor(['Electrical'], 'Eli');
  staff = (await signInNewUser(t, { type: null, isStaff: true })).client;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/messages/', () => {
  it('a vendor writes in its own thread; the answer carries the spec fields', async () => {
    const request = await plumbingRequest();
    const response = await plumber.client.post('/api/messages/', {
      request: request.id,
      content: '  On my way  ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      request: request.id,
      vendor: plumber.id,
      content: 'On my way',
      sender_role: 'vendor',
      sender_name: 'Jordan Vendor',
    });
    expect(typeof body.id).toBe('number');
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, body.id));
    expect(row).toMatchObject({ vendorId: plumber.id, senderId: plumber.id, readAt: null });
  });

  it('notifies every manager of the request, not the sender', async () => {
    const request = await plumbingRequest();
    await plumber.client.post('/api/messages/', { request: request.id, content: 'Is the unit occupied?' });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, request.id), eq(notifications.kind, 'new_message')));
    expect(rows.map((row) => row.userId).sort()).toEqual([creator.id, colleague.id].sort());
    expect(rows[0]).toMatchObject({
      title: 'New message from Jordan Vendor',
      message: 'Is the unit occupied?',
    });
  });

  it('answers the message as the thread reads it, and gives each manager its notice with its mail', async () => {
    const request = await plumbingRequest();
    const sent = await plumber.client.post('/api/messages/', {
      request: request.id,
      content: 'Arriving at 9',
    });
    expect(sent.statusCode).toBe(201);
    // The answer's id and time are the row's, as every later read gives them.
    const thread = await creator.client.get(`/api/messages/?request=${request.id}&vendor=${plumber.id}`);
    expect(thread.json()).toEqual([sent.json()]);
    const deliveries = await t.db
      .select({
        userId: notificationDeliveries.userId,
        channel: notificationDeliveries.channel,
        batchKey: notificationDeliveries.batchKey,
        notificationUser: notifications.userId,
      })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notifications.relatedRequestId, request.id));
    // Managers get messages by mail and push by default; neither has a push device here.
    const batchKey = `thread:${request.id}:${plumber.id}`;
    expect(deliveries.sort((a, b) => a.userId - b.userId)).toEqual(
      [creator.id, colleague.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, channel: 'email', batchKey, notificationUser: userId })),
    );
  });

  it('writes nothing when the sender may not take part', async () => {
    const request = await plumbingRequest();
    expect(
      (await electrician.client.post('/api/messages/', { request: request.id, content: 'Hi' })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(messages).where(eq(messages.requestId, request.id))).toHaveLength(0);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.relatedRequestId, request.id)),
    ).toHaveLength(0);
  });

  it('a manager writes to a named vendor, who is notified', async () => {
    const request = await plumbingRequest();
    const response = await colleague.client.post('/api/messages/', {
      request: request.id,
      vendor: plumber.id,
      content: 'Any time after 1 pm',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      sender_role: 'property_manager',
      sender_name: 'Casey Kim',
      vendor: plumber.id,
    });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedRequestId, request.id));
    expect(rows.map((row) => row.userId)).toEqual([plumber.id]);
  });

  it.each([
    ['content', { content: '   ' }, 'This field may not be blank.'],
    ['content', { content: undefined }, 'This field is required.'],
    [
      'content',
      { content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) },
      `Ensure this field has no more than ${MAX_MESSAGE_LENGTH} characters.`,
    ],
    ['request', { request: 'abc' }, 'This field is required.'],
    ['request', { request: -4 }, 'A valid integer is required.'],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const request = await plumbingRequest();
    const response = await plumber.client.post('/api/messages/', {
      request: request.id,
      content: 'Hi',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: [message] });
    expect(await t.db.select().from(messages).where(eq(messages.requestId, request.id))).toHaveLength(0);
  });

  it('accepts exactly the maximum length', async () => {
    const request = await plumbingRequest();
    const response = await plumber.client.post('/api/messages/', {
      request: request.id,
      content: 'y'.repeat(MAX_MESSAGE_LENGTH),
    });
    expect(response.statusCode).toBe(201);
  });

  it('a manager must name the vendor, and only one who may see the request', async () => {
    const request = await plumbingRequest();
    const missing = await creator.client.post('/api/messages/', { request: request.id, content: 'Hi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ vendor: ['This field is required.'] });
    for (const vendorId of [electrician.id, colleague.id, 999_999]) {
      const refused = await creator.client.post('/api/messages/', {
        request: request.id,
        vendor: vendorId,
        content: 'Hi',
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['vendor']);
    }
  });

  it('refuses whoever is not a participant', async () => {
    const request = await plumbingRequest();
    const denied = 'You do not have permission to view this request.';
    for (const client of [electrician.client, outsider, staff]) {
      const response = await client.post('/api/messages/', {
        request: request.id,
        vendor: plumber.id,
        content: 'Hi',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(denied);
    }
    expect(await t.db.select().from(messages).where(eq(messages.requestId, request.id))).toHaveLength(0);
  });

  // Messages sent together are written by one statement (db/group-commit.ts): each sender's access,
  // refusal and recipients must still be its own.
  it('decides each of the messages sent together by its own thread and sender', async () => {
    const [first, second] = [await plumbingRequest(), await plumbingRequest()];
    const posts = [
      plumber.client.post('/api/messages/', { request: first.id, content: 'Plumber on the first' }),
      otherPlumber.client.post('/api/messages/', { request: second.id, content: 'Pat on the second' }),
      colleague.client.post('/api/messages/', {
        request: first.id,
        vendor: plumber.id,
        content: 'Casey to Jordan',
      }),
      electrician.client.post('/api/messages/', { request: first.id, content: 'Not my trade' }),
      creator.client.post('/api/messages/', {
        request: second.id,
        vendor: electrician.id,
        content: 'Wrong vendor',
      }),
      plumber.client.post('/api/messages/', { request: 999_999, content: 'Nowhere' }),
      staff.post('/api/messages/', { request: second.id, vendor: otherPlumber.id, content: 'Staff' }),
    ];
    const answers = await Promise.all(posts);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 403, 400, 404, 403]);
    expect(answers[2]!.json()).toMatchObject({ sender_role: 'property_manager', vendor: plumber.id });
    const noticesOf = async (requestId: number) =>
      (await t.db.select().from(notifications).where(eq(notifications.relatedRequestId, requestId)))
        .map((notice) => `${notice.userId}: ${notice.message}`)
        .sort();
    expect(await noticesOf(first.id)).toEqual(
      [
        `${creator.id}: Plumber on the first`,
        `${colleague.id}: Plumber on the first`,
        `${plumber.id}: Casey to Jordan`,
      ].sort(),
    );
    expect(await noticesOf(second.id)).toEqual(
      [`${creator.id}: Pat on the second`, `${colleague.id}: Pat on the second`].sort(),
    );
  });

  it('answers 404 for an unknown request and 401 when signed out', async () => {
    const unknown = await plumber.client.post('/api/messages/', { request: 999_999, content: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Request not found.');
    const anonymous = await new TestClient(t.app).post('/api/messages/', { request: 1, content: 'Hi' });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('needs the CSRF header with a cookie session', async () => {
    const request = await plumbingRequest();
    const response = await plumber.client.post(
      '/api/messages/',
      { request: request.id, content: 'Hi' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
  });

  it('writes once for a replayed Idempotency-Key (the offline outbox) and answers the first message', async () => {
    const request = await plumbingRequest();
    const headers = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
    const first = await plumber.client.post(
      '/api/messages/',
      { request: request.id, content: 'Once' },
      { headers },
    );
    const replay = await plumber.client.post(
      '/api/messages/',
      { request: request.id, content: 'Once' },
      { headers },
    );
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await t.db.select().from(messages).where(eq(messages.requestId, request.id))).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedRequestId, request.id));
    expect(notices).toHaveLength(2);
  });

  it('an invited vendor outside the category takes part too', async () => {
    const request = await makeRequest(t.db, {
      createdById: creator.id,
      projectId,
      type: 'Plumbing',
      invited: [electrician.id],
    });
    const response = await electrician.client.post('/api/messages/', {
      request: request.id,
      content: 'Invited, thanks',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /api/messages/', () => {
  it('each vendor reads only its own thread, oldest first, and marks nothing read', async () => {
    const request = await plumbingRequest();
    await plumber.client.post('/api/messages/', { request: request.id, content: 'First' });
    await creator.client.post('/api/messages/', {
      request: request.id,
      vendor: plumber.id,
      content: 'Second',
    });
    await otherPlumber.client.post('/api/messages/', { request: request.id, content: 'Other thread' });

    const response = await plumber.client.get(`/api/messages/?request=${request.id}`);
    expect(response.statusCode).toBe(200);
    const thread = response.json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['First', 'Second']);
    expect(Object.keys(thread[0]).sort()).toEqual(
      ['content', 'created_at', 'id', 'photos', 'request', 'sender_name', 'sender_role', 'vendor'].sort(),
    );
    const readAt = async () =>
      Object.fromEntries(
        (await t.db.select().from(messages).where(eq(messages.requestId, request.id))).map((row) => [
          row.content,
          row.readAt,
        ]),
      );
    // Reading changes nothing: marking read is its own POST.
    expect(Object.values(await readAt())).toEqual([null, null, null]);

    const marked = await plumber.client.post('/api/messages/read/', { request: request.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ marked: 1 });
    const byContent = await readAt();
    expect(byContent.Second).not.toBeNull();
    // Its own message stays unread until a manager marks the thread read; the other thread is untouched.
    expect(byContent.First).toBeNull();
    expect(byContent['Other thread']).toBeNull();
  });

  it("a manager reads a vendor's thread by naming it, and marks the vendor's messages read the same way", async () => {
    const request = await plumbingRequest();
    await plumber.client.post('/api/messages/', { request: request.id, content: 'Question' });
    const response = await colleague.client.get(`/api/messages/?request=${request.id}&vendor=${plumber.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { content: string }) => m.content)).toEqual(['Question']);
    const row = async () =>
      (await t.db.select().from(messages).where(eq(messages.requestId, request.id)))[0]!;
    expect((await row()).readAt).toBeNull();
    const marked = await colleague.client.post('/api/messages/read/', {
      request: request.id,
      vendor: plumber.id,
    });
    expect(marked.json()).toEqual({ marked: 1 });
    expect((await row()).readAt).not.toBeNull();
  });

  it('validates the query and checks who asks', async () => {
    const request = await plumbingRequest();
    const noRequest = await plumber.client.get('/api/messages/');
    expect(noRequest.statusCode).toBe(400);
    expect(Object.keys(noRequest.json().errors)).toEqual(['request']);
    expect((await plumber.client.get('/api/messages/?request=x1')).statusCode).toBe(400);
    expect((await plumber.client.get('/api/messages/?request=999999')).statusCode).toBe(404);
    expect((await electrician.client.get(`/api/messages/?request=${request.id}`)).statusCode).toBe(403);
    expect((await outsider.get(`/api/messages/?request=${request.id}&vendor=${plumber.id}`)).statusCode).toBe(
      403,
    );
    expect((await creator.client.get(`/api/messages/?request=${request.id}`)).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(`/api/messages/?request=${request.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/messages/conversations/', () => {
  it("lists a vendor's threads newest first with unread counts and participants", async () => {
    const vendorUser = await vendor(['Plumbing'], 'Quinn');
    const older = await plumbingRequest();
    const newer = await plumbingRequest();
    await vendorUser.client.post('/api/messages/', { request: older.id, content: 'Older thread' });
    await creator.client.post('/api/messages/', { request: newer.id, vendor: vendorUser.id, content: 'One' });
    await creator.client.post('/api/messages/', { request: newer.id, vendor: vendorUser.id, content: 'Two' });

    const list = (await vendorUser.client.get('/api/messages/conversations/')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      request_id: newer.id,
      title: `Plumbing Request #${newer.id}`,
      unread_count: 2,
      participants: { property: 'Cherry Creek Lofts', manager: 'Morgan Reyes' },
      last_message: 'Two',
      vendor: { id: vendorUser.id, name: 'Quinn Co' },
    });
    expect(Number.isNaN(Date.parse(list[0].timestamp))).toBe(false);
    // Its own message is not unread to it.
    expect(list[1]).toMatchObject({ request_id: older.id, unread_count: 0, last_message: 'Older thread' });

    await vendorUser.client.get(`/api/messages/?request=${newer.id}`);
    const opened = (await vendorUser.client.get('/api/messages/conversations/')).json();
    expect(opened[0].unread_count).toBe(2);
    await vendorUser.client.post('/api/messages/read/', { request: newer.id });
    const after = (await vendorUser.client.get('/api/messages/conversations/')).json();
    expect(after[0].unread_count).toBe(0);
  });

  it("gives managers one item per (request, vendor) with the vendor's unread messages", async () => {
    const request = await plumbingRequest();
    const a = await vendor(['Plumbing'], 'Avery');
    const b = await vendor(['Plumbing'], 'Blake');
    await a.client.post('/api/messages/', { request: request.id, content: 'From Avery' });
    await b.client.post('/api/messages/', { request: request.id, content: 'From Blake 1' });
    await b.client.post('/api/messages/', { request: request.id, content: 'From Blake 2' });

    for (const manager of [creator.client, colleague.client]) {
      const list = (await manager.get('/api/messages/conversations/')).json();
      const mine = list.filter((item: { request_id: number }) => item.request_id === request.id);
      expect(mine).toEqual([
        expect.objectContaining({
          vendor: { id: b.id, name: 'Blake Co' },
          unread_count: 2,
          last_message: 'From Blake 2',
        }),
        expect.objectContaining({ vendor: { id: a.id, name: 'Avery Co' }, unread_count: 1 }),
      ]);
    }
    const outsiderList = (await outsider.get('/api/messages/conversations/')).json();
    expect(outsiderList.some((item: { request_id: number }) => item.request_id === request.id)).toBe(false);
  });

  it('answers an empty list to a vendor without threads, 401 when signed out', async () => {
    const fresh = await vendor(['Doors'], 'Fresh');
    const response = await fresh.client.get('/api/messages/conversations/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await new TestClient(t.app).get('/api/messages/conversations/')).statusCode).toBe(401);
  });
});
