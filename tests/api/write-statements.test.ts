import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '#server/seed/seed.ts';
import { buildTestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { openTestDatabase } from '../support/test-database.ts';

// a write's statements are round trips that keep its transaction open (and on PGlite hold
// every other statement), so POST bid and POST message are pinned to the statements they take: a
// bid that passes its checks is one statement (the checks, the lock and the insert); a message reads
// its thread with its recipients (unless this process keeps them), then one statement writes the
// message, the notifications with their deliveries, and sends every event. Neither opens a transaction, with an Idempotency-Key or without:
// with one (the offline outbox's every write) each claims it in its own statement.
let database: Database;
let app: FastifyInstance;
let capturing = false;
const statements: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase({
    logQuery: (query) => {
      if (capturing && /^\s*(select|insert|update|delete|with)\b/i.test(query)) statements.push(query);
    },
  });
  await seedDemoData(database.db);
  // The background senders (mail, deliveries) query on their own timers: not the writes measured.
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database,
    mailSender: false,
    deliveries: { runSender: false },
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function statementsOf(call: () => Promise<{ statusCode: number }>, status: number) {
  statements.length = 0;
  capturing = true;
  const response = await call();
  capturing = false;
  expect(response.statusCode).toBe(status);
  return [...statements];
}

describe('statements a write sends', () => {
  it('POST bid: one, POST message: two, then one in a kept thread', async () => {
    const vendor = new TestClient(app);
    expect((await vendor.login(DEMO_EMAILS.vendor, DEMO_PASSWORD)).statusCode).toBe(200);
    // Fills the session cache (and last_seen_at) first: what is measured is the write itself.
    const jobs = (await vendor.get('/api/vendor/jobs/?status=open&page_size=20')).json<{
      results: { id: number; status: string }[];
    }>();
    const open = jobs.results.filter((job) => job.status === 'open').map((job) => job.id);
    expect(open.length).toBeGreaterThan(1);

    const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
    let bid: string[] = [];
    for (const id of open) {
      const attempt = await statementsOf(
        () =>
          vendor.post(`/api/requests/${id}/bid/`, {
            amount: 400,
            estimated_time: 3,
            proposed_start_date: start,
          }),
        201,
      ).catch(() => null);
      if (attempt) {
        bid = attempt;
        break;
      }
    }
    // One statement: the checks, the request's lock and the insert (no transaction).
    expect(bid, bid.map((text) => text.trim().slice(0, 70)).join(' | ')).toHaveLength(1);
    expect(bid[0]).toMatch(/for update[\s\S]*insert into bids/);

    const message = await statementsOf(
      () => vendor.post('/api/messages/', { request: open[0], content: 'On my way.' }),
      201,
    );
    // The thread with its recipients, then one statement writes and sends everything (no transaction).
    expect(message, message.map((text) => text.trim().slice(0, 70)).join(' | ')).toHaveLength(2);
    expect(message.at(-1)).toMatch(/insert into messages[\s\S]*pg_notify/);
    // The thread's access is kept in the process (messages/thread-access-cache.ts): the next message
    // in it is the write alone.
    const next = await statementsOf(
      () => vendor.post('/api/messages/', { request: open[0], content: 'Parked outside.' }),
      201,
    );
    expect(next, next.map((text) => text.trim().slice(0, 70)).join(' | ')).toHaveLength(1);
    expect(next[0]).toMatch(/insert into messages[\s\S]*pg_notify/);
  });

  it('with an Idempotency-Key, POST bid: one, POST message: two', async () => {
    const vendor = new TestClient(app);
    expect((await vendor.login(DEMO_EMAILS.vendor, DEMO_PASSWORD)).statusCode).toBe(200);
    const jobs = (await vendor.get('/api/vendor/jobs/?status=open&page_size=20')).json<{
      results: { id: number }[];
    }>();
    const ids = jobs.results.map((job) => job.id);
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
    let bid: string[] = [];
    for (const [n, id] of ids.entries()) {
      const attempt = await statementsOf(
        () =>
          vendor.post(
            `/api/requests/${id}/bid/`,
            { amount: 400, estimated_time: 3, proposed_start_date: start },
            { headers: { 'idempotency-key': `statements-bid-${n}` } },
          ),
        201,
      ).catch(() => null);
      if (attempt) {
        bid = attempt;
        break;
      }
    }
    // One statement: the checks and the lock, the key's claim with its answer, and the bid.
    expect(bid, bid.map((text) => text.trim().slice(0, 70)).join(' | ')).toHaveLength(1);
    expect(bid[0]).toMatch(/for update[\s\S]*insert into idempotency_keys[\s\S]*insert into bids/);

    const message = await statementsOf(
      () =>
        vendor.post(
          '/api/messages/',
          { request: ids[0], content: 'Keyed.' },
          { headers: { 'idempotency-key': 'statements-message' } },
        ),
      201,
    );
    // The thread with its recipients, then one statement claims the key, writes and sends everything.
    expect(message, message.map((text) => text.trim().slice(0, 70)).join(' | ')).toHaveLength(2);
    expect(message.at(-1)).toMatch(/insert into idempotency_keys[\s\S]*insert into messages[\s\S]*pg_notify/);
  });
});
