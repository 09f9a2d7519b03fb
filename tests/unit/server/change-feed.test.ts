import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '#server/cache/change-feed.ts';
import { cachesReady } from '#server/cache/request-ready.ts';
import type { Database, Listener } from '#server/db/database.ts';

/** A listener whose round trips the test answers by hand (`alwaysSynced` as PGlite's declares). */
function fakeDatabase(options: { alwaysSynced?: boolean } = {}) {
  const trips: (() => void)[] = [];
  let onReconnect: (() => void) | undefined;
  let deliver: ((payload: string) => void) | undefined;
  const listener: Listener = {
    stop: async () => {},
    sync: () => new Promise<void>((resolve) => trips.push(resolve)),
    ...(options.alwaysSynced ? { alwaysSynced: true } : {}),
  };
  const database = {
    listen: async (_channel: string, onPayload: (payload: string) => void, reconnect?: () => void) => {
      deliver = onPayload;
      onReconnect = reconnect;
      return listener;
    },
  } as unknown as Database;
  return {
    database,
    trips,
    answerTrip: () => trips.shift()?.(),
    deliver: (payload: string) => deliver?.(payload),
    reconnect: () => onReconnect?.(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ChangeFeed', () => {
  it('vouches for the caches only after a round trip sent after the call', async () => {
    const fake = fakeDatabase();
    const feed = new ChangeFeed();
    expect(await feed.ready()).toBe(false);
    await feed.start(fake.database);
    const first = feed.ready();
    await settle();
    const second = feed.ready();
    const third = feed.ready();
    await settle();
    // One trip out; the two callers that came meanwhile share the next one.
    expect(fake.trips).toHaveLength(1);
    fake.answerTrip();
    expect(await first).toBe(true);
    await settle();
    expect(fake.trips).toHaveLength(1);
    fake.answerTrip();
    expect(await second).toBe(true);
    expect(await third).toBe(true);
  });

  it('bumps tags, tells the session caches, and forgets everything on a reconnect', async () => {
    const fake = fakeDatabase();
    const feed = new ChangeFeed();
    const seen: string[] = [];
    let resets = 0;
    feed.onChange((change) => seen.push(change.kind));
    feed.onReset(() => {
      resets += 1;
    });
    await feed.start(fake.database);
    const stamp = feed.versions.stamp();
    fake.deliver('u:3');
    expect(seen).toEqual(['u']);
    expect(feed.versions.unchangedSince(['u:3'], stamp)).toBe(false);
    expect(feed.versions.unchangedSince(['u:4'], stamp)).toBe(true);

    const later = feed.versions.stamp();
    const during = feed.ready();
    fake.reconnect();
    fake.answerTrip();
    // A reset during the round trip: that trip vouches for nothing.
    expect(await during).toBe(false);
    expect(resets).toBe(1);
    expect(feed.versions.unchangedSince(['u:4'], later)).toBe(false);
  });

  it('stops using the caches when a round trip does not come back in time, until one does', async () => {
    const fake = fakeDatabase();
    const feed = new ChangeFeed({ syncTimeoutMs: 20 });
    let resets = 0;
    feed.onReset(() => {
      resets += 1;
    });
    await feed.start(fake.database);
    expect(await feed.ready()).toBe(false);
    expect(resets).toBe(1);
    // In doubt, no one waits: the answer is at once no, and a probe is on its way.
    expect(await feed.ready()).toBe(false);
    // A write's barrier does not wait either; it forgets everything (its notices may never come).
    await feed.barrier();
    expect(resets).toBe(2);
    // The connection answers again: the probe comes back, and the next caller's own round trip too.
    while (fake.trips.length > 0) fake.answerTrip();
    await settle();
    let answered = false;
    const next = feed.ready().then((ok) => {
      answered = true;
      return ok;
    });
    while (!answered) {
      while (fake.trips.length > 0) fake.answerTrip();
      await settle();
    }
    expect(await next).toBe(true);
  });

  it('vouches at once, without a round trip, for a listener that is always synced (PGlite)', async () => {
    const fake = fakeDatabase({ alwaysSynced: true });
    const feed = new ChangeFeed();
    await feed.start(fake.database);
    expect(await feed.ready()).toBe(true);
    await feed.barrier();
    expect(fake.trips).toHaveLength(0);
    await feed.stop();
    expect(await feed.ready()).toBe(false);
  });
});

describe('cachesReady', () => {
  it('asks the feed once per request: its session and its read cache share the round trip', async () => {
    const fake = fakeDatabase();
    const feed = new ChangeFeed();
    await feed.start(fake.database);
    // What cachesReady reads of a request: its server's change feed.
    const request = { server: { changeFeed: feed } } as unknown as FastifyRequest;
    const session = cachesReady(request);
    const readCache = cachesReady(request);
    await settle();
    expect(fake.trips).toHaveLength(1);
    fake.answerTrip();
    expect(await session).toBe(true);
    expect(await readCache).toBe(true);
    expect(cachesReady(request)).toBe(session);
    // Another request asks afresh: its round trip is sent after it arrived.
    const other = cachesReady({ server: { changeFeed: feed } } as unknown as FastifyRequest);
    await settle();
    expect(fake.trips).toHaveLength(1);
    fake.answerTrip();
    expect(await other).toBe(true);
  });
});
