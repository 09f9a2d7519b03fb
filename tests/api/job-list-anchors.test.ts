import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/auth/session-store.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { loadJobsPage } from '#server/jobs-list/job-list-store.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { seedBenchData } from '#server/seed/bench-data.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '#server/seed/seed.ts';
import type { JobListQuery } from '#shared/job-list-query.ts';
import type { JobPage } from '#shared/request-responses.ts';
import { fixtureHash, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// a deep jobs page starts from a kept anchor (src/server/jobs-list/job-list-memo.ts)
// instead of an OFFSET. Every page the route answers must be the page an OFFSET reads: the same
// rows in the same order, for each order that seeks, each filter, and after writes move the rows.

let t: TestApp;
let vendor: TestClient;
let vendorUser: UserRow;

const ORDERINGS = [undefined, 'status', '-created_at', 'created_at', 'deadline'] as const;
const FILTERS: Array<Partial<JobListQuery>> = [
  {},
  { service_type: 'Plumbing' },
  { status: 'open' },
  { status: 'completed', service_type: 'Electrical' },
];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db);
  await seedBenchData(t.db, { requests: 1_500, vendors: 12, passwordHash: await fixtureHash(TEST_PASSWORD) });
  // Many rows share a moment to the microsecond, so the pages' order rests on the id as well.
  await t.db.execute(
    sql`update ${mr} set created_at = '2026-03-01 08:00:00.123456+00' where ${mr.id} % 7 = 0`,
  );
  await t.db.execute(
    sql`update ${mr} set created_at = '2026-03-01 08:00:00.123457+00' where ${mr.id} % 7 = 1`,
  );
  vendor = new TestClient(t.app);
  expect((await vendor.login(DEMO_EMAILS.vendor, DEMO_PASSWORD)).statusCode).toBe(200);
  [vendorUser] = (await t.db.select().from(users).where(eq(users.email, DEMO_EMAILS.vendor))) as [UserRow];
}, 180_000);

afterAll(async () => {
  await t?.close();
});

function queryString(query: Partial<JobListQuery>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.toString();
}

/** The page as an OFFSET reads it: the store without anchors. */
async function offsetPage(query: Partial<JobListQuery>): Promise<JobPage> {
  const viewer = await loadViewer(t.db, vendorUser);
  return loadJobsPage(t.db, vendorUser, viewer, { page: 1, page_size: 20, ...query } as JobListQuery);
}

async function routePage(query: Partial<JobListQuery>): Promise<JobPage> {
  const response = await vendor.get(`/api/vendor/jobs/?${queryString(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json<JobPage>();
}

/** Every page of the list, deepest first (so the anchors are walked deep at once), and one past the end. */
async function expectEveryPageAsByOffset(query: Partial<JobListQuery>, pageSize: number): Promise<number> {
  const first = await offsetPage({ ...query, page_size: pageSize });
  const pages = first.total_pages + 1;
  for (let page = pages; page >= 1; page -= 1) {
    const wanted = { ...query, page, page_size: pageSize };
    expect(await routePage(wanted), JSON.stringify(wanted)).toEqual(await offsetPage(wanted));
  }
  return first.count;
}

describe('deep jobs pages read from anchors', () => {
  it('are the pages an OFFSET reads, in every order and filter', async () => {
    let deepest = 0;
    for (const ordering of ORDERINGS)
      for (const filter of FILTERS)
        deepest = Math.max(deepest, await expectEveryPageAsByOffset({ ...filter, ordering }, 23));
    // Deep enough that most pages start from an anchor (every 100th row).
    expect(deepest).toBeGreaterThan(500);
  }, 240_000);

  it('follow the writes that move rows: a new request, a status change, a deletion', async () => {
    // The anchors of these lists are kept from the pages read above; each write must drop them.
    const ids = (await offsetPage({ page: 9, ordering: '-created_at' })).results.map((job) => job.id);
    expect(ids.length).toBeGreaterThan(0);
    await t.db.delete(mr).where(inArray(mr.id, ids.slice(0, 3)));
    for (const ordering of ['-created_at', undefined]) await expectEveryPageAsByOffset({ ordering }, 23);

    await t.db
      .update(mr)
      .set({ status: 'cancelled' })
      .where(inArray(mr.id, ids.slice(3, 6)));
    await expectEveryPageAsByOffset({}, 23);

    const [template] = await t.db.select().from(mr).where(eq(mr.id, ids[6]!));
    const { id: _id, createdAt: _created, statusRank: _rank, ...copy } = template!;
    await t.db.insert(mr).values([{ ...copy }, { ...copy, createdAt: new Date('2020-01-01T00:00:00Z') }]);
    for (const ordering of ['created_at', undefined]) await expectEveryPageAsByOffset({ ordering }, 23);
  }, 240_000);
});
