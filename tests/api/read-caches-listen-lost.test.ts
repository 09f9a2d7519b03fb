import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { readJson, writeUnannounced } from '../support/unannounced-writes.ts';

// PostgreSQL only (vitest.config.ts): the read caches (read-caches.test.ts) when the process's LISTEN
// connection dies. Notices sent meanwhile are lost, so nothing may be answered from the caches until
// the connection is back; PGlite has no connection to lose.
let t: TestApp;
let vendor: TestClient;
let jobId: number;

beforeAll(async () => {
  t = await startTestApp();
  const world = await makeRequestWorld(t.db);
  const made = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  vendor = await signIn(t.app, made.email);
  jobId = (
    await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: 'Plumbing',
      invited: [made.id],
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('with the LISTEN connection lost', () => {
  it('answers from the database until the connection is back, then caches again', async () => {
    const described = async () =>
      (await readJson<{ description: string }>(vendor, `/api/requests/${jobId}/`)).description;
    await t.db.update(mr).set({ description: 'Cached' }).where(eq(mr.id, jobId));
    expect(await described()).toBe('Cached');
    // The server's LISTEN connections (the last thing they ran was LISTEN or a round trip).
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and (query like 'LISTEN%' or query = 'select 1')`);
    // Until the connection is back, nothing is announced: every read goes to the database.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeUnannounced(
      t,
      sql`update maintenance_requests set description = 'While down' where id = ${jobId}`,
    );
    expect(await described()).toBe('While down');
    // Back (the listener retries after a second): answers are cached again.
    const deadline = Date.now() + 10_000;
    for (;;) {
      await t.db.update(mr).set({ description: 'Back' }).where(eq(mr.id, jobId));
      expect(await described()).toBe('Back');
      await writeUnannounced(
        t,
        sql`update maintenance_requests set description = 'Unannounced' where id = ${jobId}`,
      );
      if ((await described()) === 'Back') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
