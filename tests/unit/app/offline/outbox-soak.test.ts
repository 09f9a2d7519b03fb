/// <reference types="node" />
import 'fake-indexeddb/auto';
import { afterAll, expect, it } from 'vitest';
import { OutboxSender, type OutboxTransport } from '#app/offline/outbox-sender.ts';
import { addOutboxItem, listOutbox } from '#app/offline/outbox-store.ts';
import { UserDb } from '#app/offline/user-db.ts';
import { type Fault, IdempotentWriteServer, transportTo } from './idempotent-write-server.ts';
import { seeded } from './seeded-random.ts';

const WRITES = 500;

const server = new IdempotentWriteServer();
afterAll(() => server.stop());

it(`replays ${WRITES} queued writes across random disconnects, server restarts and page crashes: none lost, none doubled`, async () => {
  const seed = Number(process.env.SOAK_SEED ?? 20261123);
  const random = seeded(seed);
  const stats = { disconnects: 0, restarts: 0, pageCrashes: 0, rounds: 0 };
  await server.start();
  server.faultFor = (): Fault | null => {
    const roll = random();
    if (roll < 0.08) return 'reset-before-commit';
    if (roll < 0.16) return 'reset-after-commit';
    if (roll < 0.2) return 'status-503';
    return null;
  };

  let db = new UserDb(990_001);
  await db.open();
  let clock = 0;
  const real = transportTo(server);
  let crashPage = false;

  // Wraps the wire: sometimes the server is killed while the write is in flight, sometimes the page
  // dies after the request left (the answer is never recorded).
  const transport: OutboxTransport = async (request) => {
    const roll = random();
    if (roll < 0.05) {
      stats.restarts += 1;
      const inFlight = real(request);
      await server.stop();
      return inFlight;
    }
    if (roll < 0.08) {
      crashPage = true;
      stats.pageCrashes += 1;
      await real(request).catch(() => null);
      return new Promise(() => {});
    }
    return real(request);
  };

  let sender = newSender();
  function newSender(): OutboxSender {
    return new OutboxSender({
      db,
      transport,
      now: () => clock,
      random,
      isOnline: () => true,
      setTimer: () => () => {},
    });
  }

  let queued = 0;
  const before = server.keysSeen.length;
  while (queued < WRITES || (await listOutbox(db)).length > 0) {
    stats.rounds += 1;
    // New writes keep arriving while earlier ones are replayed.
    const batch = Math.min(WRITES - queued, 1 + Math.floor(random() * 40));
    for (let i = 0; i < batch; i += 1) {
      await addOutboxItem(db, {
        kind: 'message.create',
        method: 'POST',
        path: '/api/messages/',
        body: { request: 1, content: `write ${queued}` },
        label: `Message ${queued}`,
      });
      queued += 1;
    }
    if (!server.running) await server.start();
    crashPage = false;
    const run = sender.flush({ immediate: true });
    // A crashed page never finishes its run; wait only until the crash is noticed.
    await Promise.race([
      run,
      (async () => {
        while (!crashPage) await new Promise((r) => setTimeout(r, 2));
      })(),
    ]);
    if (crashPage) {
      sender.stop();
      db.close();
      db = new UserDb(990_001);
      await db.open();
      sender = newSender();
    }
    clock += 10 * 60_000;
    if (stats.rounds > 5000) throw new Error('the outbox did not drain');
  }

  const contents = server.writes.map((w) => w.body.content as string);
  const unique = new Set(contents);
  const lost = WRITES - unique.size;
  const duplicated = contents.length - unique.size;
  const indices = contents.map((c) => Number(c.slice('write '.length)));
  const inOrder = indices.every((value, i) => i === 0 || value > indices[i - 1]!);
  const sends = server.keysSeen.length - before;
  stats.disconnects = sends - server.writes.length - server.replays;
  console.log(
    `outbox soak (seed ${seed}): ${WRITES} writes, ${sends} sends, ${server.replays} replays, ` +
      `${stats.disconnects} failed sends, ${stats.restarts} server restarts, ${stats.pageCrashes} page crashes, ` +
      `lost ${lost}, duplicated ${duplicated}, in order ${inOrder}`,
  );
  expect({ lost, duplicated, inOrder }).toEqual({ lost: 0, duplicated: 0, inOrder: true });
  expect(stats.restarts).toBeGreaterThanOrEqual(20);
  expect(stats.disconnects).toBeGreaterThanOrEqual(20);
  db.close();
}, 120_000);
