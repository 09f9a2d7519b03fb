import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { TEST_PASSWORD } from '../support/factories.ts';
import { HttpSession } from '../support/http-session.ts';
import { PostgresDeployment } from '../support/postgres-deployment.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';

// PostgreSQL only (vitest.config.ts): the read caches of two server processes on one database. One
// process writes, the other has the answer cached; the other's next read shows the write, because
// before a cache answers, its process has applied every notice committed before the request came in
// (src/server/cache/change-feed.ts). A write straight through SQL (the test's own connection, as a
// script or a third process would make it) is announced the same way, by the triggers.
let deployment: PostgresDeployment;
let a: string;
let b: string;
let vendor: HttpSession;
let manager: HttpSession;
let jobId: number;

beforeAll(async () => {
  deployment = await PostgresDeployment.create();
  const world = await makeRequestWorld(deployment.db);
  const made = await makeVendor(deployment.db, { serviceCategories: ['Plumbing'] });
  jobId = (await makeRequest(deployment.db, { createdById: world.manager.id, projectId: world.project.id }))
    .id;
  const [first, second] = await Promise.all([deployment.startServer(), deployment.startServer()]);
  a = `http://127.0.0.1:${first!.port}`;
  b = `http://127.0.0.1:${second!.port}`;
  vendor = new HttpSession(a);
  expect(await vendor.login(made.email, TEST_PASSWORD)).toBe(200);
  manager = new HttpSession(a);
  expect(await manager.login(world.manager.email, TEST_PASSWORD)).toBe(200);
}, 120_000);

afterAll(async () => {
  await deployment?.dispose();
});

async function read<T>(session: HttpSession, baseUrl: string, path: string): Promise<T> {
  const response = await session.send('GET', path, { baseUrl });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('read caches of two processes on one PostgreSQL', () => {
  it('a bid posted to one shows in the other’s next detail, My Bids and jobs page', async () => {
    const detail = () => read<{ bids: { amount: number }[] }>(vendor, b, `/api/requests/${jobId}/`);
    const myBids = () => read<{ count: number }>(vendor, b, '/api/vendor/bids/');
    // Both answers are cached on B now.
    expect((await detail()).bids).toEqual([]);
    expect((await myBids()).count).toBe(0);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const posted = await vendor.send('POST', `/api/requests/${jobId}/bid/`, {
      baseUrl: a,
      json: { amount: 410, estimated_time: 3, proposed_start_date: start },
    });
    expect(posted.status).toBe(201);
    expect((await detail()).bids.map((bid) => bid.amount)).toEqual([410]);
    expect((await myBids()).count).toBe(1);
  });

  it('a message posted to one shows in the other’s next conversations list and unread notices', async () => {
    const conversations = () =>
      read<{ request_id: number; last_message: string }[]>(vendor, b, '/api/messages/conversations/');
    const unread = () => read<{ title: string }[]>(manager, b, '/api/notifications/?is_read=false');
    const before = (await unread()).length;
    expect(await conversations()).toEqual([]);
    const posted = await vendor.send('POST', '/api/messages/', {
      baseUrl: a,
      json: { request: jobId, content: 'Can I come on Monday?' },
    });
    expect(posted.status).toBe(201);
    expect((await conversations()).map((c) => c.last_message)).toEqual(['Can I come on Monday?']);
    expect((await unread()).length).toBe(before + 1);
  });

  it('a change made straight through SQL shows in both processes’ next jobs page and manager list', async () => {
    const jobs = (baseUrl: string) =>
      read<{ results: { id: number; description: string }[] }>(
        vendor,
        baseUrl,
        '/api/vendor/jobs/?page_size=100',
      );
    const managed = (baseUrl: string) =>
      read<{ results: { id: number; description: string }[] }>(
        manager,
        baseUrl,
        '/api/property-manager/maintenance-requests/?page_size=100',
      );
    const described = async (page: Promise<{ results: { id: number; description: string }[] }>) =>
      (await page).results.find((row) => row.id === jobId)?.description;
    for (const baseUrl of [a, b]) {
      expect(await described(jobs(baseUrl))).not.toBe('Changed by a script');
      expect(await described(managed(baseUrl))).not.toBe('Changed by a script');
    }
    await deployment.db.update(mr).set({ description: 'Changed by a script' }).where(eq(mr.id, jobId));
    for (const baseUrl of [a, b]) {
      expect(await described(jobs(baseUrl))).toBe('Changed by a script');
      expect(await described(managed(baseUrl))).toBe('Changed by a script');
    }
  });
});
