import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { idempotencyKeys } from '#server/db/schema/idempotency.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { HttpError } from '#server/http/http-error.ts';
import { deleteExpiredKeys } from '#server/idempotency/expired-keys.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import {
  makeBid,
  makeClient,
  makeRequest,
  makeRequestWorld,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { buildTestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The real app plus one route of this file's own (/api/test-writes/), which runs idempotentWrite
 * with writes that fail in ways no product route can be made to fail on demand (a 5xx).
 */
let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let plumber: TestClient;
let plumberId: number;
let plumberToken: string;
let otherPlumber: TestClient;
let otherPlumberId: number;
let managerId: number;
let failuresLeft = 0;

const valid = {
  amount: 750,
  estimated_time: 3.5,
  estimated_time_unit: 'days',
  proposed_start_date: '2027-02-01T09:00:00.000Z',
  notes: 'Bring ladder',
};

async function signIn(email: string): Promise<{ client: TestClient; token: string }> {
  const client = new TestClient(app);
  const response = await client.login(email, TEST_PASSWORD);
  expect(response.statusCode).toBe(200);
  return { client, token: response.json().token };
}

async function plumbingVendor() {
  const user = await makeUser(database.db, { type: 'vendor' });
  await makeVendorProfile(database.db, { userId: user.id, serviceCategories: ['Plumbing'] });
  return { user, ...(await signIn(user.email)) };
}

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const openRequest = () => makeRequest(database.db, { createdById: managerId, type: 'Plumbing' });
const bidsOn = (requestId: number) => database.db.select().from(bids).where(eq(bids.requestId, requestId));
const keyRow = async (userId: number, key: string) =>
  (
    await database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];
/** The plumber's key as a request still writing under it elsewhere leaves it: no answer yet. */
const keyInProgress = (key: string, path: string) =>
  database.db.insert(idempotencyKeys).values({
    userId: plumberId,
    key,
    method: 'POST',
    path,
    requestHash: 'in progress elsewhere',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
const replayed = (response: LightMyRequestResponse) => response.headers['idempotent-replayed'];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database,
    mailSender: false,
  });
  app.post<{ Body: { title: string; fail?: 'refuse' | 'crash' } }>(
    '/api/test-writes/',
    async (request, reply) =>
      idempotentWrite(request, reply, async (tx) => {
        const user = request.auth.user!;
        await tx.insert(notifications).values({ userId: user.id, title: request.body.title });
        if (request.body.fail === 'refuse')
          throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: 'Refused.' });
        if (request.body.fail === 'crash' && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('database went away');
        }
        return { status: 201, body: { title: request.body.title, at: new Date('2027-01-01T00:00:00Z') } };
      }),
  );
  await app.ready();
  const manager = await makeUser(database.db, {
    type: 'property_manager',
    clientId: (await makeClient(database.db)).id,
  });
  managerId = manager.id;
  const p = await plumbingVendor();
  plumber = p.client;
  plumberId = p.user.id;
  plumberToken = p.token;
  const o = await plumbingVendor();
  otherPlumber = o.client;
  otherPlumberId = o.user.id;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('Idempotency-Key on POST /api/requests/{id}/bid/', () => {
  it('replays the first answer without writing a second time', async () => {
    const request = await openRequest();
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('bid-replay-1'));
    expect(first.statusCode).toBe(201);
    expect(replayed(first)).toBeUndefined();
    const again = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('bid-replay-1'));
    expect(again.statusCode).toBe(201);
    expect(replayed(again)).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await bidsOn(request.id)).toHaveLength(1);
    const row = await keyRow(plumberId, 'bid-replay-1');
    expect(row).toMatchObject({
      method: 'POST',
      path: `/api/requests/${request.id}/bid`,
      responseStatus: 201,
    });
    expect(row!.responseBody).toEqual(first.json());
    // Seven days, give or take the test's own duration.
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);
  });

  it('treats the path with and without its trailing slash, and key order in the body, as the same', async () => {
    const request = await openRequest();
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('slash'));
    const reordered = Object.fromEntries(Object.entries(valid).reverse());
    const again = await plumber.post(`/api/requests/${request.id}/bid`, reordered, withKey('slash'));
    expect(again.statusCode).toBe(201);
    expect(replayed(again)).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('is 422 IDEMPOTENCY_KEY_REUSED for the same key with a different body, and writes nothing', async () => {
    const request = await openRequest();
    await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('reused-body'));
    const changed = await plumber.post(
      `/api/requests/${request.id}/bid/`,
      { ...valid, amount: 999 },
      withKey('reused-body'),
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      detail: 'This Idempotency-Key was already used with a different request body.',
    });
    const rows = await bidsOn(request.id);
    expect(rows.map((bid) => bid.amount)).toEqual([750]);
  });

  it('is 422 for the same key on another path or method', async () => {
    const request = await openRequest();
    const other = await openRequest();
    await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('reused-path'));
    const elsewhere = await plumber.post(`/api/requests/${other.id}/bid/`, valid, withKey('reused-path'));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await bidsOn(other.id)).toHaveLength(0);
    const put = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, {
      json: valid,
      ...withKey('reused-path'),
    });
    expect(put.statusCode).toBe(422);
  });

  it('keeps keys per user: another vendor with the same key gets its own write', async () => {
    const request = await openRequest();
    const mine = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('shared-key'));
    const theirs = await otherPlumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('shared-key'));
    expect(theirs.statusCode).toBe(201);
    expect(replayed(theirs)).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect((await bidsOn(request.id)).map((bid) => bid.vendorId).sort()).toEqual(
      [plumberId, otherPlumberId].sort(),
    );
  });

  it('shares a user’s keys between its cookie and its bearer token', async () => {
    const request = await openRequest();
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('both-ways'));
    const bearer = await app.inject({
      method: 'POST',
      url: `/api/requests/${request.id}/bid/`,
      payload: valid,
      headers: { authorization: `Bearer ${plumberToken}`, 'idempotency-key': 'both-ways' },
    });
    expect(bearer.statusCode).toBe(201);
    expect(bearer.headers['idempotent-replayed']).toBe('true');
    expect(bearer.json()).toEqual(first.json());
  });

  it('replays a duplicate-bid refusal identically, even after the first bid is gone', async () => {
    const request = await openRequest();
    const existing = await makeBid(database.db, { requestId: request.id, vendorId: plumberId });
    const refused = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('dup'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'DUPLICATE_BID',
      bidId: existing.id,
      detail: 'You have already submitted a bid for this request.',
    });
    expect(await keyRow(plumberId, 'dup')).toMatchObject({ responseStatus: 409 });
    await database.db.delete(bids).where(eq(bids.id, existing.id));
    const again = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('dup'));
    expect(again.statusCode).toBe(409);
    expect(replayed(again)).toBe('true');
    expect(again.json()).toEqual(refused.json());
    expect(await bidsOn(request.id)).toHaveLength(0);
  });

  it('makes exactly one bid and one key row from 50 concurrent identical posts, all answered alike', async () => {
    const request = await openRequest();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('fifty')),
      ),
    );
    const rows = await bidsOn(request.id);
    expect(rows).toHaveLength(1);
    for (const response of responses) {
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ...responses[0]!.json(), id: rows[0]!.id });
    }
    expect(responses.filter((response) => replayed(response) === 'true')).toHaveLength(49);
    const keys = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'fifty'));
    expect(keys).toHaveLength(1);
  });

  // The bid claims its key in its own statement (bid-place.ts), the answer kept with the key written
  // from the bid's values before the row exists: it must be the answer the row gives.
  it.each([
    ['a plain bid', { ...valid, estimated_time: 2.25, notes: 'Ladder, 2 m — “tall” ✓' }],
    [
      'a bid with line items',
      {
        ...valid,
        amount: 556,
        line_items: [
          { description: 'Cut out and patch drywall', quantity: 80.25, unit: 'sq_ft', unit_price: 4.5 },
          { description: 'Prime and paint', quantity: 3, unit: 'hours', unit_price: 65 },
        ],
      },
    ],
    [
      'a bid with options',
      {
        proposed_start_date: '2027-02-01T09:00:00.123Z',
        options: [
          { label: 'Patch', amount: 400, estimated_time: 1.5, estimated_time_unit: 'days' },
          {
            label: 'Replace',
            amount: 1200,
            estimated_time: 3,
            estimated_time_unit: 'days',
            notes: 'Whole bay',
          },
        ],
      },
    ],
  ])('keeps with the key the answer the placed bid gives: %s', async (_label, body) => {
    const request = await openRequest();
    const key = `answer-${request.id}`;
    const first = await plumber.post(`/api/requests/${request.id}/bid/`, body, withKey(key));
    expect(first.statusCode).toBe(201);
    expect(replayed(first)).toBeUndefined();
    expect((await keyRow(plumberId, key))!.responseBody).toEqual(first.json());
    const own = await plumber.get(`/api/bids/${first.json().id}/`);
    expect(own.json()).toMatchObject(first.json());
  });

  it('places no bid under a key in progress elsewhere', async () => {
    const request = await openRequest();
    await keyInProgress('bid-live', `/api/requests/${request.id}/bid`);
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('bid-live'));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(await bidsOn(request.id)).toHaveLength(0);
    expect(await keyRow(plumberId, 'bid-live')).toMatchObject({ responseStatus: null });
  });

  it('places one bid from concurrent posts under different keys, and each key keeps its own answer', async () => {
    const request = await openRequest();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey(`racing-${index}`)),
      ),
    );
    const rows = await bidsOn(request.id);
    expect(rows).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const [index, response] of responses.entries()) {
      if (response.statusCode === 201) expect(response.json().id).toBe(rows[0]!.id);
      else expect(response.json()).toMatchObject({ code: 'DUPLICATE_BID', bidId: rows[0]!.id });
      const row = await keyRow(plumberId, `racing-${index}`);
      expect(row).toMatchObject({ responseStatus: response.statusCode });
      expect(row!.responseBody).toEqual(response.json());
    }
  });

  // Bids that arrive together are placed together (db/group-commit.ts): each keeps its own answer,
  // and a bid its checks refuse is answered by the full checks as when alone.
  it('places bids that arrive together, each with its own answer, beside one its checks refuse', async () => {
    const shared = await openRequest();
    const [second, third] = [await openRequest(), await openRequest()];
    const closed = await makeRequest(database.db, { createdById: managerId, isOpenForBids: false });
    const others = [await plumbingVendor(), await plumbingVendor(), await plumbingVendor()];
    const posts = [
      ...others.map((other, index) =>
        other.client.post(
          `/api/requests/${shared.id}/bid/`,
          { ...valid, amount: 100 + index },
          withKey(`together-${index}`),
        ),
      ),
      plumber.post(`/api/requests/${shared.id}/bid/`, valid),
      plumber.post(`/api/requests/${second.id}/bid/`, valid, withKey(`together-second-${second.id}`)),
      plumber.post(`/api/requests/${third.id}/bid/`, valid),
      plumber.post(`/api/requests/${closed.id}/bid/`, valid, withKey(`together-closed-${closed.id}`)),
    ];
    const responses = await Promise.all(posts);
    const refused = responses.at(-1)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REQUEST_UNAVAILABLE');
    expect(await keyRow(plumberId, `together-closed-${closed.id}`)).toMatchObject({ responseStatus: 409 });
    expect(await bidsOn(closed.id)).toHaveLength(0);
    const expected = [
      ...others.map((other, index) => ({
        requestId: shared.id,
        vendorId: other.user.id,
        amount: 100 + index,
      })),
      { requestId: shared.id, vendorId: plumberId, amount: valid.amount },
      { requestId: second.id, vendorId: plumberId, amount: valid.amount },
      { requestId: third.id, vendorId: plumberId, amount: valid.amount },
    ];
    for (const [index, want] of expected.entries()) {
      const response = responses[index]!;
      expect(response.statusCode).toBe(201);
      const [row] = (await bidsOn(want.requestId)).filter((bid) => bid.id === response.json().id);
      expect(row).toMatchObject(want);
      expect(response.json()).toMatchObject({ request_id: want.requestId, amount: want.amount });
    }
    expect(await bidsOn(shared.id)).toHaveLength(4);
    for (const [index, other] of others.entries()) {
      expect((await keyRow(other.user.id, `together-${index}`))!.responseBody).toEqual(
        responses[index]!.json(),
      );
    }
    expect((await keyRow(plumberId, `together-second-${second.id}`))!.responseBody).toEqual(
      responses[4]!.json(),
    );
  });

  it('also takes a key on PUT', async () => {
    const request = await openRequest();
    await makeBid(database.db, { requestId: request.id, vendorId: plumberId, amount: 100 });
    const edit = { json: { ...valid, amount: 200 }, ...withKey('put-1') };
    const first = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, edit);
    expect(first.statusCode).toBe(200);
    await database.db.update(bids).set({ amount: 300 }).where(eq(bids.requestId, request.id));
    const again = await plumber.request('PUT', `/api/requests/${request.id}/bid/`, edit);
    expect(again.json()).toEqual(first.json());
    expect(replayed(again)).toBe('true');
    expect((await bidsOn(request.id))[0]!.amount).toBe(300);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
  ])('refuses a key %s with 400', async (_label, key) => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey(key));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_INVALID',
      detail: 'The Idempotency-Key header must be 1 to 255 printable characters.',
    });
    expect(await bidsOn(request.id)).toHaveLength(0);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const request = await openRequest();
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('k'.repeat(255)));
    expect(response.statusCode).toBe(201);
  });

  it('is 401 for a key from a visitor who is not signed in', async () => {
    const request = await openRequest();
    const visitor = new TestClient(app);
    await visitor.csrfToken();
    const response = await visitor.post(`/api/requests/${request.id}/bid/`, valid, withKey('anonymous'));
    expect(response.statusCode).toBe(401);
    expect(await bidsOn(request.id)).toHaveLength(0);
  });

  it('forgets an expired key, and the sweep deletes expired rows', async () => {
    const request = await openRequest();
    const past = new Date(Date.now() - 1000);
    await database.db.insert(idempotencyKeys).values([
      {
        userId: plumberId,
        key: 'old',
        method: 'POST',
        path: '/elsewhere',
        requestHash: 'x',
        expiresAt: past,
      },
      { userId: otherPlumberId, key: 'old-2', method: 'POST', path: '/x', requestHash: 'x', expiresAt: past },
    ]);
    const response = await plumber.post(`/api/requests/${request.id}/bid/`, valid, withKey('old'));
    expect(response.statusCode).toBe(201);
    expect(replayed(response)).toBeUndefined();
    expect(await keyRow(plumberId, 'old')).toMatchObject({ path: `/api/requests/${request.id}/bid` });
    expect(await deleteExpiredKeys(database.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(otherPlumberId, 'old-2')).toBeUndefined();
    expect(await keyRow(plumberId, 'old')).toBeDefined();
  });
});

// POST message claims its key in the message's own statement (idempotency/key-claim.ts); a key it
// cannot claim is answered by the key's transaction, as any route's.
describe('Idempotency-Key on POST /api/messages/', () => {
  const messagesOn = (requestId: number) =>
    database.db.select().from(messages).where(eq(messages.requestId, requestId));
  const noticesOn = (requestId: number) =>
    database.db.select().from(notifications).where(eq(notifications.relatedRequestId, requestId));
  const send = (requestId: number, content: string, key: string) =>
    plumber.post('/api/messages/', { request: requestId, content }, withKey(key));
  /** A request with a property, so that its manager is notified of each message. */
  const threadRequest = async () => {
    const world = await makeRequestWorld(database.db);
    return makeRequest(database.db, { createdById: world.manager.id, projectId: world.project.id });
  };

  it('keeps the first answer with the key, written with the message, and replays it without writing', async () => {
    const request = await threadRequest();
    const first = await send(request.id, 'On my way', 'message-1');
    expect(first.statusCode).toBe(201);
    expect(replayed(first)).toBeUndefined();
    const row = await keyRow(plumberId, 'message-1');
    expect(row).toMatchObject({ method: 'POST', path: '/api/messages', responseStatus: 201 });
    expect(row!.responseBody).toEqual(first.json());
    expect(row!.completedAt).not.toBeNull();
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);
    const [message] = await messagesOn(request.id);
    expect(first.json()).toMatchObject({ id: message!.id, created_at: message!.createdAt.toISOString() });

    const again = await send(request.id, 'On my way', 'message-1');
    expect(again.statusCode).toBe(201);
    expect(replayed(again)).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await messagesOn(request.id)).toHaveLength(1);
    expect(await noticesOn(request.id)).toHaveLength(1);
  });

  it('is 422 for the same key with another message, and writes nothing', async () => {
    const request = await threadRequest();
    expect((await send(request.id, 'First', 'message-reused')).statusCode).toBe(201);
    const reused = await send(request.id, 'Second', 'message-reused');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await messagesOn(request.id)).map((message) => message.content)).toEqual(['First']);
    expect(await noticesOn(request.id)).toHaveLength(1);
  });

  it('takes over an expired key: the message is written and the key holds its answer', async () => {
    const request = await threadRequest();
    await database.db.insert(idempotencyKeys).values({
      userId: plumberId,
      key: 'message-expired',
      method: 'POST',
      path: '/elsewhere',
      requestHash: 'x',
      responseStatus: 200,
      responseBody: { old: true },
      expiresAt: new Date(Date.now() - 1000),
    });
    const response = await send(request.id, 'Fresh', 'message-expired');
    expect(response.statusCode).toBe(201);
    expect(replayed(response)).toBeUndefined();
    expect(await messagesOn(request.id)).toHaveLength(1);
    const row = await keyRow(plumberId, 'message-expired');
    expect(row).toMatchObject({ path: '/api/messages', responseStatus: 201 });
    expect(row!.responseBody).toEqual(response.json());
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('writes one message, one notice and one key from 20 concurrent identical posts, all answered alike', async () => {
    const request = await threadRequest();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(request.id, 'Only once', 'message-twenty')),
    );
    const written = await messagesOn(request.id);
    expect(written).toHaveLength(1);
    expect(await noticesOn(request.id)).toHaveLength(1);
    for (const response of responses) {
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ...responses[0]!.json(), id: written[0]!.id });
    }
    expect(responses.filter((response) => replayed(response) === 'true')).toHaveLength(19);
  });

  // Messages sent together are written together (db/group-commit.ts): each keeps its own answer,
  // key and notice, and a live key among them leaves only its own message unwritten.
  it('writes concurrent messages with and without keys each once, beside a live key that writes nothing', async () => {
    const request = await threadRequest();
    await keyInProgress('message-live', '/api/messages');
    const contents = Array.from({ length: 12 }, (_, index) => `Together ${index}`);
    const [live, ...responses] = await Promise.all([
      send(request.id, 'Never written', 'message-live'),
      ...contents.map((content, index) =>
        index % 2 === 0
          ? send(request.id, content, `message-together-${index}`)
          : plumber.post('/api/messages/', { request: request.id, content }),
      ),
    ]);
    expect(live!.statusCode).toBe(409);
    expect(live!.json().code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    const written = await messagesOn(request.id);
    expect(written.map((message) => message.content).sort()).toEqual([...contents].sort());
    const notices = await noticesOn(request.id);
    expect(notices.map((notice) => notice.message).sort()).toEqual([...contents].sort());
    for (const [index, response] of responses.entries()) {
      expect(response.statusCode).toBe(201);
      const row = written.find((message) => message.id === response.json().id);
      expect(row).toMatchObject({ content: contents[index] });
      expect(response.json().created_at).toBe(row!.createdAt.toISOString());
      if (index % 2 === 0) {
        expect((await keyRow(plumberId, `message-together-${index}`))!.responseBody).toEqual(response.json());
      }
    }
    expect(await keyRow(plumberId, 'message-live')).toMatchObject({ responseStatus: null });
  });
});

describe('idempotentWrite refusals and failures', () => {
  const post = (body: object, key?: string) =>
    plumber.post('/api/test-writes/', body, key ? withKey(key) : undefined);
  const notificationsTitled = (title: string) =>
    database.db.select().from(notifications).where(eq(notifications.title, title));

  it('sends the answer as JSON carries it, the same for the first answer and the replay', async () => {
    const first = await post({ title: 'dated' }, 'dated');
    expect(first.json()).toEqual({ title: 'dated', at: '2027-01-01T00:00:00.000Z' });
    expect((await post({ title: 'dated' }, 'dated')).json()).toEqual(first.json());
    expect(await notificationsTitled('dated')).toHaveLength(1);
  });

  it('rolls a 4xx refusal back but records it for the key', async () => {
    const first = await post({ title: 'refused', fail: 'refuse' }, 'refuse-1');
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ code: 'INVALID_TRANSITION', detail: 'Refused.' });
    expect(await notificationsTitled('refused')).toHaveLength(0);
    expect(await keyRow(plumberId, 'refuse-1')).toMatchObject({ responseStatus: 409 });
    const again = await post({ title: 'refused', fail: 'refuse' }, 'refuse-1');
    expect(again.statusCode).toBe(409);
    expect(replayed(again)).toBe('true');
  });

  it('does not record a 5xx, so a retry with the same key runs the write', async () => {
    failuresLeft = 1;
    const first = await post({ title: 'flaky', fail: 'crash' }, 'crash-1');
    expect(first.statusCode).toBe(500);
    expect(await keyRow(plumberId, 'crash-1')).toBeUndefined();
    expect(await notificationsTitled('flaky')).toHaveLength(0);
    const retry = await post({ title: 'flaky', fail: 'crash' }, 'crash-1');
    expect(retry.statusCode).toBe(201);
    expect(replayed(retry)).toBeUndefined();
    expect(await notificationsTitled('flaky')).toHaveLength(1);
  });

  it('without a key runs the write in a transaction every time', async () => {
    expect((await post({ title: 'no-key' })).statusCode).toBe(201);
    expect((await post({ title: 'no-key' })).statusCode).toBe(201);
    expect(await notificationsTitled('no-key')).toHaveLength(2);
    expect((await post({ title: 'no-key-refused', fail: 'refuse' })).statusCode).toBe(409);
    expect(await notificationsTitled('no-key-refused')).toHaveLength(0);
  });
});
