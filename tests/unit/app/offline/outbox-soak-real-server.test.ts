/// <reference types="node" />
import 'fake-indexeddb/auto';
import { afterAll, expect, it } from 'vitest';
import { NETWORK_FAILURE } from '#app/offline/outbox-outcome.ts';
import { OutboxSender, type OutboxTransport } from '#app/offline/outbox-sender.ts';
import { addOutboxItem } from '#app/offline/outbox-store.ts';
import { UserDb } from '#app/offline/user-db.ts';
import { type Cut, CuttingProxy } from '../../../support/cutting-proxy.ts';
import { RestartableServer } from '../../../support/restartable-server.ts';
import { freePort } from '../../../support/server-process.ts';
import { answerOf } from './idempotent-write-server.ts';
import { seeded } from './seeded-random.ts';

// The outbox against the REAL server process (Fastify, the embedded PostgreSQL on disk, the
// Idempotency-Key table), unlike outbox-soak.test.ts whose server is an in-memory imitation: the
// real sender and store queue 500 messages in IndexedDB (fake-indexeddb) and replay them through a
// proxy that cuts connections before and after the server commits, through offline spells that drop
// every open connection, and through SIGKILLs of the server in the middle of writes with restarts on
// the same data directory. Then the server's own threads are counted.

const WRITES = 500;
const THREADS = 5;
const KILLS = 3;
/** The sender's clock runs this much faster, so its backoff (2 s doubling to 5 min) fits a test. */
const SPEED = 50;
const BUDGET_MS = 210_000;

const server = new RestartableServer(await freePort());
let proxy: CuttingProxy | null = null;
afterAll(async () => {
  await proxy?.stop();
  await server.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Session {
  token: string;
  userId: number;
}

/** Signs in as the demo vendor as the app does: a CSRF cookie and header, then the login call. */
async function signIn(baseUrl: string, email: string): Promise<Session> {
  const csrf = await fetch(`${baseUrl}/api/get-csrf-token/`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrfToken },
    body: JSON.stringify({ email, password: 'demo12345' }),
  });
  expect(login.status).toBe(200);
  const body = (await login.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * The app's wire format (apiTransport: bearer token, Idempotency-Key, JSON body; the answer sorted
 * by classifyAnswer, no answer = transient), pointed at the proxy. apiTransport itself reads the
 * token from localStorage and relative URLs, which Node does not have.
 */
function transportThrough(baseUrl: string, token: string): OutboxTransport {
  return async (request) => {
    try {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          'Idempotency-Key': request.idempotencyKey,
        },
        body: JSON.stringify(request.body),
        // Never wait forever on a half-dead connection; the app's fetch has the OS timeouts.
        signal: AbortSignal.timeout(20_000),
      });
      return answerOf(response);
    } catch {
      return { kind: 'transient', reason: NETWORK_FAILURE, retryAfterMs: null };
    }
  };
}

it(`replays ${WRITES} queued messages to the real server across random disconnects and ${KILLS} SIGKILL restarts: none lost, none doubled`, async () => {
  const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
  const random = seeded(seed);
  const runTag = `soak-${seed}`;
  const began = Date.now();
  await server.start();
  const firstStartMs = Date.now() - began;

  const vendor = await signIn(server.url, 'vendor@demo.local');
  const jobs = await getJson<{ results: Array<{ id: number }> }>(
    server.url,
    '/api/vendor/jobs/?status=open&page_size=50',
    vendor.token,
  );
  // Spread over several threads so every thread stays far below the 500 messages a thread read
  // returns: a doubled write would still show in the count.
  const threads = jobs.results.slice(0, THREADS).map((job) => job.id);
  expect(threads).toHaveLength(THREADS);

  // Kills land on forwarded message POSTs spread over the run, a few milliseconds after the request
  // went to the server: sometimes before its commit, sometimes after (the answer is then lost).
  const killAt = new Set(Array.from({ length: KILLS }, (_, k) => 30 + k * 140 + Math.floor(random() * 80)));
  let posts = 0;
  let restarting: Promise<void> | null = null;
  let restartFailure: unknown = null;
  const restartMs: number[] = [];
  let sender: OutboxSender | null = null;

  const crashAndRestart = async () => {
    await sleep(random() * 15);
    await server.kill();
    const down = Date.now();
    await sleep(random() * 300);
    await server.start();
    restartMs.push(Date.now() - down);
    // The user taps "Send now" (the app's online/visible triggers do the same).
    void sender?.flush({ immediate: true });
  };

  proxy = new CuttingProxy({
    targetPort: server.port,
    cutFor: (): Cut | null => {
      const roll = random();
      if (roll < 0.035) return 'before-server';
      if (roll < 0.07) return 'after-server';
      return null;
    },
    onForwarded: (line) => {
      if (!line.startsWith('POST /api/messages/')) return;
      posts += 1;
      if (killAt.has(posts) && restarting === null) {
        restarting = crashAndRestart()
          .catch((error: unknown) => {
            restartFailure = error;
          })
          .finally(() => {
            restarting = null;
          });
      }
    },
  });
  const proxyUrl = `http://127.0.0.1:${await proxy.start()}`;

  let online = true;
  const clockStart = Date.now();
  const db = new UserDb(vendor.userId);
  await db.open();
  sender = new OutboxSender({
    db,
    transport: transportThrough(proxyUrl, vendor.token),
    random,
    isOnline: () => online,
    now: () => clockStart + (Date.now() - clockStart) * SPEED,
    setTimer: (callback, ms) => {
      const handle = setTimeout(callback, ms / SPEED);
      return () => clearTimeout(handle);
    },
  });

  let queued = 0;
  let offlineSpells = 0;
  let droppedByOffline = 0;
  while (true) {
    if (queued < WRITES) {
      // New messages keep arriving while earlier ones are replayed.
      const batch = Math.min(WRITES - queued, 1 + Math.floor(random() * 40));
      for (let i = 0; i < batch; i += 1) {
        const request = threads[queued % THREADS]!;
        await addOutboxItem(db, {
          kind: 'message.create',
          method: 'POST',
          path: '/api/messages/',
          body: { request, content: `${runTag} #${queued}` },
          requestId: request,
          label: `Message on request #${request}`,
        });
        queued += 1;
      }
      // What enqueueWrite does after storing a write.
      void sender.flush();
    }
    if (random() < 0.03) {
      // The signal goes: every open connection is lost, nothing is tried until it is back.
      online = false;
      offlineSpells += 1;
      droppedByOffline += proxy.dropAll();
      await sleep(20 + random() * 150);
      online = true;
      void sender.flush({ immediate: true });
    }
    await sleep(20 + random() * 80);

    if (restartFailure) throw restartFailure;
    // Counted through the indexes: reading all 500 rows every round would slow the soak itself.
    const refused = await db.outbox.where('state').equals('refused').toArray();
    expect(
      refused.map((item) => item.refusal),
      'writes the real server refused',
    ).toEqual([]);
    const left = await db.outbox.count();
    if (queued === WRITES && left === 0 && restarting === null) break;
    if (Date.now() - began > BUDGET_MS) {
      throw new Error(`the outbox did not drain: ${left} left\n${server.output()}`);
    }
  }
  await sender.idle();
  sender.stop();
  db.close();

  // Count on the server, through its own API.
  const rows: Array<{ id: number; content: string }> = [];
  for (const request of threads) {
    const thread = await getJson<Array<{ id: number; content: string }>>(
      server.url,
      `/api/messages/?request=${request}`,
      vendor.token,
    );
    rows.push(...thread.filter((m) => m.content.startsWith(`${runTag} #`)));
  }
  const distinct = new Set(rows.map((m) => m.content));
  const lost = WRITES - distinct.size;
  const duplicated = rows.length - distinct.size;
  // One write in flight at a time, in queue order: the server's ids follow the queue.
  const byId = [...rows].sort((a, b) => a.id - b.id).map((m) => Number(m.content.split('#')[1]));
  const inOrder = byId.every((value, i) => i === 0 || value > byId[i - 1]!);

  const counts = proxy.counts;
  const disconnects = counts.beforeServer + counts.afterServer + offlineSpells;
  console.log(
    `outbox soak against the real server (seed ${seed}): ${WRITES} writes in ${THREADS} threads, ` +
      `${counts.forwarded} requests reached the server (${posts} message POSTs); ` +
      `disconnects ${disconnects} (${counts.beforeServer} cut before the server, ${counts.afterServer} ` +
      `answers cut after the commit, ${offlineSpells} offline spells dropping ${droppedByOffline} ` +
      `connections); ${server.kills} SIGKILLs with restarts (${restartMs.join('/')} ms down), ` +
      `${counts.refused} connections refused while down; first start ${firstStartMs} ms, ` +
      `total ${Date.now() - began} ms; lost ${lost}, duplicated ${duplicated}, in order ${inOrder}`,
  );
  expect({ lost, duplicated, inOrder }).toEqual({ lost: 0, duplicated: 0, inOrder: true });
  expect(disconnects).toBeGreaterThanOrEqual(20);
  expect(server.kills).toBe(KILLS);
}, 240_000);
