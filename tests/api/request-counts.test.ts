import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query-rows.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { countAllRequests, countClientRequests, countVendorJobs } from '#server/jobs-list/request-counts.ts';
import { REQUEST_STATUS_SORT_ORDER } from '#shared/statuses.ts';
import {
  makeClient,
  makeProject,
  makeRequest,
  makeRequestWorld,
  makeVendor,
} from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The lists count by counters that triggers keep (migration 0008): after any mix of writes, each
// counter must equal what counting the rows gives.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function countRows(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    t.db,
    sql`select count(*) as n from maintenance_requests where ${where}`,
  );
  return Number(row!.n);
}

describe('request counters', () => {
  it('stay equal to the rows through inserts, updates that move keys, bulk writes and deletes', async () => {
    const world = await makeRequestWorld(t.db);
    const other = await makeProject(t.db, { clientId: (await makeClient(t.db)).id });
    const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing', 'HVAC'] });
    const base = { createdById: world.manager.id, projectId: world.project.id };
    const made = [
      await makeRequest(t.db, { ...base, type: 'Plumbing' }),
      await makeRequest(t.db, { ...base, type: 'Electrical', inviteAll: true }),
      await makeRequest(t.db, { ...base, type: 'Painting', invited: [vendor.id] }),
      await makeRequest(t.db, { ...base, type: 'Painting', priority: 'urgent' }),
      await makeRequest(t.db, { createdById: world.manager.id, projectId: other.id, type: 'HVAC' }),
      await makeRequest(t.db, { createdById: vendor.id, projectId: null, type: 'Doors' }),
    ];
    await t.db.update(mr).set({ status: 'in_progress' }).where(eq(mr.id, made[0]!.id));
    await t.db.update(mr).set({ type: 'HVAC', inviteAll: true }).where(eq(mr.id, made[3]!.id));
    // An update that moves nothing between keys, and a bulk one that moves several.
    await t.db.update(mr).set({ description: 'Reworded' }).where(eq(mr.id, made[1]!.id));
    await t.db
      .update(mr)
      .set({ status: 'cancelled' })
      .where(inArray(mr.projectId, [world.project.id, other.id]));
    await t.db.execute(sql`
      insert into maintenance_requests (created_by_id, project_id, type, description, status)
      select ${world.manager.id}, ${world.project.id}, 'Plumbing', 'bulk ' || n, 'open' from generate_series(1, 25) as n`);
    await t.db.delete(mr).where(eq(mr.id, made[2]!.id));

    expect(await countAllRequests(t.db, {})).toBe(await countRows(sql`true`));
    expect(await countAllRequests(t.db, { status: 'open', serviceType: 'Plumbing' })).toBe(
      await countRows(sql`status = 'open' and type = 'Plumbing'`),
    );
    expect(await countClientRequests(t.db, world.client.id, {})).toBe(
      await countRows(sql`project_id = ${world.project.id}`),
    );
    expect(
      await countClientRequests(t.db, world.client.id, { status: 'cancelled', priority: 'urgent' }),
    ).toBe(
      await countRows(sql`project_id = ${world.project.id} and status = 'cancelled' and priority = 'urgent'`),
    );
    // The vendor sees its trades, open-to-all requests and its own report (the invitation went with its request).
    const visible = sql`(type in ('Plumbing', 'HVAC') or invite_all or created_by_id = ${vendor.id})`;
    expect(await countVendorJobs(t.db, { id: vendor.id, categories: ['Plumbing', 'HVAC'] }, {})).toBe(
      await countRows(visible),
    );
    expect(
      await countVendorJobs(t.db, { id: vendor.id, categories: ['Plumbing', 'HVAC'] }, { status: 'open' }),
    ).toBe(await countRows(sql`${visible} and status = 'open'`));
  });

  it('store the lists’ status rank in the spec’s status order', async () => {
    const world = await makeRequestWorld(t.db);
    for (const status of Object.keys(
      REQUEST_STATUS_SORT_ORDER,
    ) as (keyof typeof REQUEST_STATUS_SORT_ORDER)[]) {
      const request = await makeRequest(t.db, {
        createdById: world.manager.id,
        projectId: world.project.id,
        status,
      });
      const [row] = await t.db.select({ rank: mr.statusRank }).from(mr).where(eq(mr.id, request.id));
      expect(row!.rank).toBe(REQUEST_STATUS_SORT_ORDER[status]);
    }
  });
});
