import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS } from '#app/offline/outbox-backoff.ts';
import { OutboxSender, type OutboxSenderOptions } from '#app/offline/outbox-sender.ts';
import {
  addOutboxItem,
  discardOutboxItem,
  editOutboxItem,
  listOutbox,
  type NewOutboxWrite,
  retryRefused,
} from '#app/offline/outbox-store.ts';
import { UserDb } from '#app/offline/user-db.ts';
import { IdempotentWriteServer, transportTo } from './idempotent-write-server.ts';

let userId = 1000;
let db: UserDb;
let server: IdempotentWriteServer;
let clock: number;
let timers: number[];
const senders: OutboxSender[] = [];

function bid(requestId: number, amount: number): NewOutboxWrite {
  return {
    kind: 'bid.create',
    method: 'POST',
    path: `/api/requests/${requestId}/bid/`,
    body: { amount, description: `bid ${amount}` },
    requestId,
    label: `Bid on request #${requestId}`,
  };
}

function message(requestId: number, content: string): NewOutboxWrite {
  return {
    kind: 'message.create',
    method: 'POST',
    path: '/api/messages/',
    body: { request: requestId, content },
    requestId,
    label: `Message on request #${requestId}`,
  };
}

function sender(options: Partial<OutboxSenderOptions> = {}): OutboxSender {
  const created = new OutboxSender({
    db,
    transport: transportTo(server),
    now: () => clock,
    random: () => 1,
    isOnline: () => true,
    // Timers are recorded, not run: each test moves the clock and flushes itself.
    setTimer: (_callback, ms) => {
      timers.push(ms);
      return () => {};
    },
    ...options,
  });
  senders.push(created);
  return created;
}

beforeEach(async () => {
  userId += 1;
  db = new UserDb(userId);
  await db.open();
  server = new IdempotentWriteServer();
  await server.start();
  clock = 1_000_000;
  timers = [];
});

afterEach(async () => {
  for (const s of senders.splice(0)) s.stop();
  await server.stop();
  db.close();
});

describe('outbox sender', () => {
  it('sends writes in the order they were made and empties the outbox', async () => {
    await addOutboxItem(db, bid(7, 100));
    await addOutboxItem(db, message(7, 'first'));
    await addOutboxItem(db, message(7, 'second'));
    await addOutboxItem(db, message(8, 'third'));

    await sender().flush();

    expect(server.writes.map((w) => w.body.content ?? w.body.amount)).toEqual([
      100,
      'first',
      'second',
      'third',
    ]);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('backs off exponentially on 5xx and network failures, keeps the key, and holds later writes back', async () => {
    const first = await addOutboxItem(db, message(7, 'first'));
    await addOutboxItem(db, message(7, 'second'));
    server.inject('status-503', 'reset-before-commit');
    const s = sender();

    await s.flush();
    let [head] = await listOutbox(db);
    expect(head).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: clock + BACKOFF_BASE_MS });
    expect(timers).toEqual([BACKOFF_BASE_MS]);
    expect(server.writes).toEqual([]);

    // Not due yet: nothing is sent.
    clock += BACKOFF_BASE_MS - 1;
    await s.flush();
    expect(server.keysSeen).toHaveLength(1);

    clock += 1;
    await s.flush();
    [head] = await listOutbox(db);
    expect(head).toMatchObject({ attempts: 2, nextAttemptAt: clock + 2 * BACKOFF_BASE_MS });
    expect(head?.lastFailure).toBeTruthy();

    clock += 2 * BACKOFF_BASE_MS;
    await s.flush();
    expect(server.writes.map((w) => w.body.content)).toEqual(['first', 'second']);
    // Three tries of the first write, all with its own key, before the second was sent once.
    expect(server.keysSeen.slice(0, 3)).toEqual([first.key, first.key, first.key]);
    expect(server.keysSeen).toHaveLength(4);
  });

  it('jitters the wait between half and all of the step', async () => {
    await addOutboxItem(db, message(7, 'x'));
    server.inject('status-503');
    await sender({ random: () => 0 }).flush();
    expect(timers).toEqual([BACKOFF_BASE_MS / 2]);
  });

  it('an immediate flush (back online) does not wait out the backoff', async () => {
    await addOutboxItem(db, message(7, 'x'));
    server.inject('status-503');
    const s = sender();
    await s.flush();
    await s.flush({ immediate: true });
    expect(server.writes).toHaveLength(1);
  });

  it('keeps a refused write with the server reason and code, and goes on with the next ones', async () => {
    await addOutboxItem(db, { ...bid(7, 100), path: '/api/requests/closed/bid/' });
    await addOutboxItem(db, bid(8, 0));
    await addOutboxItem(db, message(9, 'after'));

    await sender().flush();

    const items = await listOutbox(db);
    expect(items.map((i) => i.state)).toEqual(['refused', 'refused']);
    expect(items[0]?.refusal).toMatchObject({
      status: 409,
      code: 'REQUEST_UNAVAILABLE',
      message: 'This request is no longer accepting bids.',
    });
    expect(items[1]?.refusal).toMatchObject({
      status: 400,
      message: 'Ensure this value is greater than 0.',
      fieldErrors: { amount: ['Ensure this value is greater than 0.'] },
    });
    expect(server.writes.map((w) => w.body.content)).toEqual(['after']);
  });

  it('an edited refused write goes out with a new key; a discarded one is gone', async () => {
    const refused = await addOutboxItem(db, bid(8, 0));
    const closed = await addOutboxItem(db, { ...bid(7, 5), path: '/api/requests/closed/bid/' });
    const s = sender();
    await s.flush();

    const edited = await editOutboxItem(db, refused.seq, { amount: 250, description: 'fixed' });
    expect(edited.key).not.toBe(refused.key);
    await discardOutboxItem(db, closed.seq);
    await s.flush();

    expect(server.writes.map((w) => [w.key, w.body.amount])).toEqual([[edited.key, 250]]);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('retrying a refused write uses a new key (the old one would replay the refusal)', async () => {
    const item = await addOutboxItem(db, bid(8, 0));
    const s = sender();
    await s.flush();
    const retried = await retryRefused(db, item.seq);
    expect(retried.key).not.toBe(item.key);
    await s.flush();
    // Refused again with the server's reason: it stays, nothing is written.
    expect((await listOutbox(db))[0]).toMatchObject({ state: 'refused', key: retried.key });
    expect(server.replays).toBe(0);
  });

  it('a connection lost after the server committed is replayed with the same key: one write', async () => {
    const item = await addOutboxItem(db, bid(7, 120));
    server.inject('reset-after-commit');
    const s = sender();
    await s.flush();
    expect(server.writes).toHaveLength(1);
    expect((await listOutbox(db))[0]?.state).toBe('pending');

    await s.flush({ immediate: true });
    expect(server.writes).toHaveLength(1);
    expect(server.replays).toBe(1);
    expect(server.keysSeen).toEqual([item.key, item.key]);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('a crash between send and acknowledge (page closed) replays the write from IndexedDB once', async () => {
    const item = await addOutboxItem(db, message(7, 'only once'));
    let sent!: () => void;
    const arrived = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const real = transportTo(server);
    // The first page sends, the server commits, and the page dies before it hears the answer.
    const dying = sender({
      transport: async (request) => {
        await real(request);
        sent();
        return new Promise(() => {});
      },
    });
    void dying.flush();
    await arrived;
    dying.stop();
    expect((await listOutbox(db))[0]?.state).toBe('sending');
    db.close();

    // The app opens again: a new database connection and a new sender.
    db = new UserDb(userId);
    await db.open();
    await sender().flush({ immediate: true });

    expect(server.writes.map((w) => w.body.content)).toEqual(['only once']);
    expect(server.keysSeen).toEqual([item.key, item.key]);
    expect(server.replays).toBe(1);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('401 pauses the queue until sign-in, then resumes with the same key', async () => {
    const item = await addOutboxItem(db, message(7, 'after sign-in'));
    server.inject('status-401');
    const s = sender();
    await s.flush();
    expect(s.paused).toBe(true);
    expect((await listOutbox(db))[0]).toMatchObject({ state: 'pending', key: item.key });

    await s.flush({ immediate: true });
    expect(server.keysSeen).toHaveLength(1);

    await s.resume();
    expect(server.writes.map((w) => w.key)).toEqual([item.key]);
  });

  it('sends nothing while the browser says it is offline', async () => {
    await addOutboxItem(db, message(7, 'x'));
    let online = false;
    const s = sender({ isOnline: () => online });
    await s.flush();
    expect(server.keysSeen).toEqual([]);
    online = true;
    await s.flush();
    expect(server.writes).toHaveLength(1);
  });

  it('one database per user: another user sees neither the queue nor the cache', async () => {
    await addOutboxItem(db, message(7, 'mine'));
    await db.jobs.put({ id: 7, data: { title: 'mine' }, savedAt: clock });
    const other = new UserDb(userId + 500_000);
    await other.open();
    expect(await other.outbox.count()).toBe(0);
    expect(await other.jobs.count()).toBe(0);
    other.close();
  });
});
