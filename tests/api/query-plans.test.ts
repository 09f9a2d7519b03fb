import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { BENCH_MANAGER_EMAIL, seedBenchData } from '#server/seed/bench-data.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '#server/seed/seed.ts';
import { fixtureHash, TEST_PASSWORD } from '../support/factories.ts';
import { buildTestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { openTestDatabase } from '../support/test-database.ts';

// no query of the hot routes may read a table of more than 1,000 rows from end to end.
// Every statement those routes send is captured (Drizzle's query log) and EXPLAINed on the bench
// data (a smaller copy: enough rows that a missing index shows as a sequential scan).
const BIG_TABLE_ROWS = 1_000;

interface Captured {
  query: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let database: Database;
let app: FastifyInstance;
let capturing = false;
const captured = new Map<string, Captured>();
const routes: { name: string; call: () => Promise<{ statusCode: number }> }[] = [];

/** Runs a statement on the driver itself (Drizzle's raw SQL takes no separate parameters). */
async function driverQuery<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = (
    database.db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Row[] }> };
    }
  ).$client;
  return (await client.query(text, params)).rows;
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

beforeAll(async () => {
  database = await openTestDatabase({
    logQuery: (query, params) => {
      if (capturing && /^\s*(select|insert|update|delete|with)\b/i.test(query))
        captured.set(query, { query, params });
    },
  });
  await seedDemoData(database.db);
  await seedBenchData(database.db, {
    requests: 4_000,
    vendors: 60,
    passwordHash: await fixtureHash(TEST_PASSWORD),
  });
  app = await buildTestApp({ config: { ...loadConfig({}), staticDir: undefined }, database });
  await app.ready();

  const vendor = new TestClient(app);
  expect((await vendor.login(DEMO_EMAILS.vendor, DEMO_PASSWORD)).statusCode).toBe(200);
  const manager = new TestClient(app, '10.0.0.2');
  expect((await manager.login(BENCH_MANAGER_EMAIL, TEST_PASSWORD)).statusCode).toBe(200);
  const jobs = (await vendor.get('/api/vendor/jobs/?status=open&page_size=5')).json<{
    results: { id: number }[];
  }>();
  const [detailId, bidId] = jobs.results.map((job) => job.id);
  const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
  routes.push(
    { name: 'auth-status', call: () => vendor.get('/api/users/auth-status/') },
    { name: 'jobs page 1', call: () => vendor.get('/api/vendor/jobs/?page=1') },
    { name: 'jobs deep page', call: () => vendor.get('/api/vendor/jobs/?page=60&ordering=-created_at') },
    // Deep pages start from an anchor (job-list-memo.ts): the walk and the two ranges after it.
    { name: 'jobs deep page, by status', call: () => vendor.get('/api/vendor/jobs/?page=40') },
    {
      name: 'jobs deep page of a type',
      call: () => vendor.get('/api/vendor/jobs/?service_type=Plumbing&page=8'),
    },
    // Ordered by service type or deadline, either way: each order has its index (migration 0021).
    ...['service_type', '-service_type', 'deadline', '-deadline'].map((ordering) => ({
      name: `jobs by ${ordering}`,
      call: () => vendor.get(`/api/vendor/jobs/?ordering=${ordering}&page=3`),
    })),
    {
      name: 'jobs by type and status',
      call: () => vendor.get('/api/vendor/jobs/?service_type=Plumbing&status=open'),
    },
    {
      name: 'jobs nearby',
      call: () => vendor.get('/api/vendor/jobs/nearby/?latitude=39.7392&longitude=-104.9903'),
    },
    { name: 'request detail', call: () => vendor.get(`/api/requests/${detailId}/`) },
    { name: 'my bids', call: () => vendor.get('/api/vendor/bids/') },
    { name: 'unread notifications', call: () => vendor.get('/api/notifications/?is_read=false') },
    { name: 'conversations', call: () => vendor.get('/api/messages/conversations/') },
    { name: 'manager requests', call: () => manager.get('/api/property-manager/maintenance-requests/') },
    { name: 'manager work queue', call: () => manager.get('/api/property-manager/work-queue/') },
    {
      name: 'POST bid',
      call: () =>
        vendor.post(`/api/requests/${bidId}/bid/`, {
          amount: 400,
          estimated_time: 3,
          proposed_start_date: start,
        }),
    },
    {
      name: 'POST message',
      call: () => vendor.post('/api/messages/', { request: detailId, content: 'On my way.' }),
    },
  );
  await driverQuery('analyze');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('query plans of the hot routes on the bench data', () => {
  it('read no table of more than 1,000 rows by a sequential scan', async () => {
    for (const route of routes) {
      capturing = true;
      const response = await route.call();
      capturing = false;
      expect(response.statusCode, route.name).toBeLessThan(300);
    }
    expect(captured.size).toBeGreaterThan(10);

    const sizes = new Map<string, number>();
    const offenders: string[] = [];
    for (const { query, params } of captured.values()) {
      const [row] = await driverQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${query}`,
        params,
      );
      for (const table of seqScans(row!['QUERY PLAN'][0].Plan)) {
        if (!sizes.has(table)) {
          const [count] = await driverQuery<{ n: string | number }>(`select count(*) as n from "${table}"`);
          sizes.set(table, Number(count!.n));
        }
        if (sizes.get(table)! > BIG_TABLE_ROWS)
          offenders.push(`${table} (${sizes.get(table)} rows) in: ${query}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
