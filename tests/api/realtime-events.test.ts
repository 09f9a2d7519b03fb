import { type ClientRequest, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import { publishEvents } from '#server/realtime/realtime-events.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { buildTestApp, startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

/**
 * An open GET /api/events/ over real HTTP, collecting the text that arrives. node:http rather than
 * fetch: an aborted fetch keeps its socket in undici's pool, which the browser's EventSource does not.
 */
class EventStream {
  text = '';
  ended = false;
  private request: ClientRequest | null = null;

  static async open(
    baseUrl: string,
    client: TestClient,
    headers: Record<string, string> = {},
    query = '',
  ): Promise<EventStream> {
    const stream = new EventStream();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      stream.request = get(`${baseUrl}/api/events/${query}`, { headers: { cookie, ...headers } }, resolve);
      stream.request.on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      stream.text += chunk;
    });
    response.on('close', () => {
      stream.ended = true;
    });
    await stream.waitFor((text) => text.includes(': connected'));
    return stream;
  }

  /** The id of every event of this name received so far, in order. */
  ids(name: string): string[] {
    return this.text
      .split('\n\n')
      .filter((block) => block.startsWith(`event: ${name}\n`))
      .map((block) => /\nid: ([^\n]+)\n/.exec(block)?.[1] ?? '');
  }

  /** The data of every event of this name received so far. */
  events(name: string): unknown[] {
    return this.text
      .split('\n\n')
      .filter((block) => block.startsWith(`event: ${name}\n`))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as unknown);
  }

  async waitFor(predicate: (text: string) => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.text)) {
      if (Date.now() > deadline) throw new Error(`stream never matched; got: ${this.text}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.request?.destroy();
  }
}

/** The second server's heartbeat (25 s in production). */
const HEARTBEAT_MS = 300;

let t: TestApp;
/** A second server on the same database: another process behind the load balancer. */
let second: FastifyInstance;
let firstUrl: string;
let secondUrl: string;
let manager: TestClient;
let plumber: { id: number; client: TestClient };
let otherPlumber: { id: number; client: TestClient };
let requestId: number;

async function signIn(overrides: Parameters<typeof makeUser>[1]) {
  const user = await makeUser(t.db, overrides);
  const client = new TestClient(t.app);
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return { id: user.id, client };
}

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  firstUrl = urlOf(t.app);
  second = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database: t.database,
    mailSender: false,
    realtime: { heartbeatMs: HEARTBEAT_MS },
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = urlOf(second);

  const company = await makeClient(t.db);
  const project = await makeProject(t.db, { clientId: company.id });
  const owner = await signIn({ type: 'property_manager', clientId: company.id });
  manager = owner.client;
  plumber = await signIn({ type: 'vendor', firstName: 'Jordan', lastName: 'Lee' });
  otherPlumber = await signIn({ type: 'vendor' });
  for (const vendor of [plumber, otherPlumber]) {
    await makeVendorProfile(t.db, { userId: vendor.id, serviceCategories: ['Plumbing'] });
  }
  requestId = (await makeRequest(t.db, { createdById: owner.id, projectId: project.id, type: 'Plumbing' }))
    .id;
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('GET /api/events/', () => {
  it('needs a signed-in user', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${firstUrl}/api/events/`, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(401);
  });

  it('pushes a message and its notification only to the users they concern, from either server', async () => {
    const vendorStream = await EventStream.open(secondUrl, plumber.client);
    const otherStream = await EventStream.open(firstUrl, otherPlumber.client);
    const managerStream = await EventStream.open(secondUrl, manager);

    const sent = await manager.post('/api/messages/', {
      request: requestId,
      vendor: plumber.id,
      content: 'Lobby at 1 pm',
    });
    expect(sent.statusCode).toBe(201);
    await vendorStream.waitFor(
      (text) => text.includes('event: message') && text.includes('event: notification'),
    );
    expect(vendorStream.events('message')).toEqual([sent.json()]);
    expect(vendorStream.events('notification')).toEqual([
      expect.objectContaining({
        title: expect.stringContaining('New message from'),
        message: 'Lobby at 1 pm',
        is_read: false,
        related_request: requestId,
      }),
    ]);
    // The writing side's other screens get the message, not a notification about their own words.
    await managerStream.waitFor((text) => text.includes('event: message'));
    expect(managerStream.events('notification')).toEqual([]);

    // The other vendor's stream is alive (its own message arrives) but never saw the first thread.
    const own = await otherPlumber.client.post('/api/messages/', { request: requestId, content: 'Mine' });
    expect(own.statusCode).toBe(201);
    await otherStream.waitFor((text) => text.includes('"content":"Mine"'));
    expect(otherStream.text).not.toContain('Lobby at 1 pm');
    expect(otherStream.events('notification')).toEqual([]);
    for (const stream of [vendorStream, otherStream, managerStream]) stream.close();
  });

  it('pushes the notification as the bell reads it, and a message too large to travel as null', async () => {
    const stream = await EventStream.open(firstUrl, plumber.client);
    const sent = await manager.post('/api/messages/', {
      request: requestId,
      vendor: plumber.id,
      content: 'Gate code 4417',
    });
    expect(sent.statusCode).toBe(201);
    await stream.waitFor((text) => text.includes('Gate code 4417') && text.includes('event: notification'));
    // Its id and time are the row's, filled in by the statement that wrote it.
    const listed = (await plumber.client.get('/api/notifications/?is_read=false')).json<unknown[]>();
    expect(stream.events('notification')).toHaveLength(1);
    expect(listed).toContainEqual(stream.events('notification')[0]);

    // 2,000 four-byte characters: 8,000 bytes, past what pg_notify carries. The browser refetches.
    const large = await manager.post('/api/messages/', {
      request: requestId,
      vendor: plumber.id,
      content: '🔧'.repeat(2_000),
    });
    expect(large.statusCode).toBe(201);
    await stream.waitFor(() => stream.events('message').includes(null));
    await stream.waitFor(() => stream.events('notification').length === 2);
    expect(stream.events('notification')[1]).toMatchObject({ message: '🔧'.repeat(100), is_read: false });
    stream.close();
  });

  it('pushes nothing from a rolled-back write', async () => {
    const stream = await EventStream.open(firstUrl, plumber.client);
    await t.db
      .transaction(async (tx) => {
        await publishEvents(tx, [
          { users: [plumber.id], event: 'notification', data: { id: -1, title: 'rolled back' } },
        ]);
        throw new Error('abort');
      })
      .catch(() => {});
    await publishEvents(t.db, [
      { users: [plumber.id], event: 'notification', data: { id: -2, title: 'committed' } },
    ]);
    await stream.waitFor((text) => text.includes('committed'));
    expect(stream.text).not.toContain('rolled back');
    stream.close();
  });

  it('closes open streams when the server closes', async () => {
    const extra = await buildTestApp({
      config: { ...loadConfig({}), staticDir: undefined },
      database: t.database,
      mailSender: false,
    });
    await extra.listen({ port: 0, host: '127.0.0.1' });
    const stream = await EventStream.open(urlOf(extra), plumber.client);
    expect(extra.realtime.streamCount).toBe(1);
    const started = Date.now();
    await extra.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await stream.waitFor(() => stream.ended);
    expect(extra.realtime.streamCount).toBe(0);
  });

  it('writes a heartbeat to an idle stream, and ends it once its session is signed out', async () => {
    const leaving = await signIn({ type: 'vendor' });
    const stream = await EventStream.open(secondUrl, leaving.client);
    await stream.waitFor((text) => text.split(': heartbeat').length > 2);
    expect(stream.ended).toBe(false);
    expect((await leaving.client.post('/api/users/logout/', {})).statusCode).toBeLessThan(300);
    await stream.waitFor(() => stream.ended);
  });

  it('sends a reconnecting stream the events it missed, from either server, in order and once', async () => {
    const notice = (title: string, users = [plumber.id]) =>
      publishEvents(t.db, [{ users, event: 'notification', data: { id: 0, title } }]);
    const first = await EventStream.open(firstUrl, plumber.client);
    await notice('before the drop');
    await first.waitFor((text) => text.includes('before the drop'));
    const [lastId] = first.ids('notification');
    expect(lastId).toMatch(/^[\w-]{13,}$/);
    first.close();

    // Both servers hear every event: a stream of another screen on the second one shows when it has.
    const watcher = await EventStream.open(secondUrl, plumber.client);
    await notice('missed one');
    await notice('for someone else', [otherPlumber.id]);
    await notice('missed two');
    await watcher.waitFor((text) => text.includes('missed two'));
    watcher.close();

    const resumed = await EventStream.open(secondUrl, plumber.client, { 'last-event-id': lastId! });
    await resumed.waitFor((text) => text.includes('missed two'));
    await notice('live again');
    await resumed.waitFor((text) => text.includes('live again'));
    expect(resumed.events('notification')).toEqual([
      { id: 0, title: 'missed one' },
      { id: 0, title: 'missed two' },
      { id: 0, title: 'live again' },
    ]);
    expect(new Set(resumed.ids('notification')).size).toBe(3);
    expect(resumed.events('reset')).toEqual([]);
    resumed.close();

    // The same through the query (a new EventSource cannot set the header).
    const byQuery = await EventStream.open(firstUrl, plumber.client, {}, `?last_event_id=${lastId}`);
    await byQuery.waitFor((text) => text.includes('live again'));
    expect(byQuery.events('notification')).toEqual(resumed.events('notification'));
    byQuery.close();
  });

  it('tells a stream that names an event no longer held to fetch again (reset)', async () => {
    const stream = await EventStream.open(firstUrl, plumber.client, { 'last-event-id': 'not-held-here' });
    await stream.waitFor((text) => text.includes('event: reset'));
    expect(stream.events('reset')).toEqual([null]);
    stream.close();
  });

  it('forgets the streams that go away: none left after ten rounds of connect and drop', async () => {
    const before = second.realtime.streamCount;
    for (let round = 0; round < 10; round += 1) {
      const streams = await Promise.all(
        Array.from({ length: 10 }, () => EventStream.open(secondUrl, otherPlumber.client)),
      );
      expect(second.realtime.streamCount).toBe(before + 10);
      for (const stream of streams) stream.close();
      await expect.poll(() => second.realtime.streamCount).toBe(before);
    }
  });
});
