import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { JobQueue, type JobQueueOptions } from '#server/schedule/job-queue.ts';
import { openTestDatabase } from '../support/test-database.ts';

/**
 * The job queue (pg-boss) on this project's database, PGlite through its worker thread or
 * PostgreSQL: retries with backoff, a key that queues a job once, scheduled and cron jobs, and a stop
 * that waits for the job under way.
 */
const silent = { error: () => {} };
let database: Database;
const running: JobQueue[] = [];

/** A queue of its own for one test, on the file's database (each test's kinds have their own names). */
async function withQueue(options: JobQueueOptions = {}) {
  const queue = new JobQueue(database, silent, options);
  running.push(queue);
  return { database, queue };
}

async function jobRows(database: Database, kind: string) {
  return queryRows<{ state: string; retry_count: number }>(
    database.db,
    sql`select state::text as state, retry_count from pgboss.job where name = ${kind} order by created_on`,
  );
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const queue of running.splice(0)) await queue.stop();
});
afterAll(async () => {
  await database.close();
});

describe('the job queue', () => {
  it('retries a failing job with a growing delay, then runs it', async () => {
    const { database, queue } = await withQueue();
    const attempts: { at: number; attempt: number }[] = [];
    queue.define({
      name: 'probe-flaky',
      retryLimit: 2,
      retryDelaySeconds: 1,
      backoff: true,
      pollSeconds: 0.5,
      run: async (_data, job) => {
        attempts.push({ at: Date.now(), attempt: job.attempt });
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`);
      },
    });
    await queue.start();
    await queue.send('probe-flaky', { n: 1 });
    await expect
      .poll(async () => (await jobRows(database, 'probe-flaky'))[0]?.state, { timeout: 20_000 })
      .toBe('completed');
    expect(attempts.map((a) => a.attempt)).toEqual([0, 1, 2]);
    // Backoff: the first retry waits 1-2 retry delays, the second 2-4.
    const [first, second, third] = attempts.map((a) => a.at);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(third! - second!).toBeGreaterThanOrEqual(1950);
  });

  it('keeps a job that used up its retries in the failed list, with its error, for a retry or a discard', async () => {
    const { database, queue } = await withQueue();
    let runs = 0;
    queue.define({
      name: 'probe-broken',
      retryLimit: 1,
      retryDelaySeconds: 1,
      backoff: false,
      pollSeconds: 0.5,
      run: async () => {
        runs += 1;
        throw new Error('the provider said no');
      },
    });
    await queue.start();
    const id = await queue.send('probe-broken', {});
    await expect
      .poll(async () => (await queue.failures(10)).map((job) => job.id), { timeout: 20_000 })
      .toEqual([id]);
    const [failed] = await queue.failures(10);
    expect(failed).toMatchObject({ kind: 'probe-broken', error: 'the provider said no', attempts: 2 });
    expect(runs).toBe(2);
    expect((await queue.depth()).find((kind) => kind.kind === 'probe-broken')).toMatchObject({ failed: 1 });

    // Retried by staff: it runs again (and fails again, back in the list).
    expect(await queue.retry('probe-broken', id!)).toBe(true);
    await expect.poll(() => runs, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await queue.failures(10)).length, { timeout: 20_000 }).toBe(1);

    expect(await queue.discard('probe-broken', id!)).toBe(true);
    expect(await queue.failures(10)).toEqual([]);
    expect(await jobRows(database, 'probe-broken')).toEqual([]);
    // Only a failed job of that kind can be retried or discarded.
    expect(await queue.retry('probe-broken', id!)).toBe(false);
    expect(await queue.discard('probe-other', id!)).toBe(false);
  });

  it('queues a keyed job once while it waits', async () => {
    const { database, queue } = await withQueue();
    queue.define({ name: 'probe-keyed', key: 'queued-once', run: async () => {} });
    await queue.start();
    const first = await queue.send('probe-keyed', { v: 1 }, { key: 'vendor-7', after: 600 });
    const second = await queue.send('probe-keyed', { v: 2 }, { key: 'vendor-7', after: 600 });
    const other = await queue.send('probe-keyed', { v: 3 }, { key: 'vendor-8', after: 600 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(await jobRows(database, 'probe-keyed')).toHaveLength(2);
    expect((await queue.depth()).find((kind) => kind.kind === 'probe-keyed')).toMatchObject({
      ready: 0,
      deferred: 2,
    });
  });

  it('runs a scheduled job at its time, not before', async () => {
    const { queue } = await withQueue();
    const ran: number[] = [];
    queue.define({ name: 'probe-later', pollSeconds: 0.5, run: async () => void ran.push(Date.now()) });
    await queue.start();
    const sent = Date.now();
    await queue.send('probe-later', {}, { after: 2 });
    await expect.poll(() => ran.length, { timeout: 20_000 }).toBe(1);
    expect(ran[0]! - sent).toBeGreaterThanOrEqual(1_900);
  });

  it('runs a cron job when its time comes, once per occurrence', async () => {
    const { queue } = await withQueue({ cronSeconds: 1 });
    let runs = 0;
    queue.define({
      name: 'probe-cron',
      pollSeconds: 0.5,
      run: async () => {
        runs += 1;
      },
    });
    // Every second as written; pg-boss sends at most one job per schedule and minute.
    queue.schedule('probe-cron', '* * * * * *');
    await queue.start();
    await expect.poll(() => runs, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    const boss = await queue.library();
    expect(await boss.getSchedules('probe-cron')).toEqual([
      expect.objectContaining({ name: 'probe-cron', cron: '* * * * * *', timezone: 'UTC' }),
    ]);
  });

  it('runs periodic work one pass at a time, each pass queuing the next', async () => {
    const { database, queue } = await withQueue();
    let passes = 0;
    queue.every({
      name: 'probe-every',
      firstMs: 0,
      everyMs: 1_000,
      run: async () => {
        passes += 1;
      },
    });
    await queue.start();
    await expect.poll(() => passes, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const waiting = (await jobRows(database, 'probe-every')).filter((row) => row.state === 'created');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });

  it('stops only once the job under way has finished', async () => {
    const { database, queue } = await withQueue();
    let finished = false;
    let started = false;
    queue.define({
      name: 'probe-slow',
      pollSeconds: 0.5,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        finished = true;
      },
    });
    await queue.start();
    await queue.send('probe-slow', {});
    await expect.poll(() => started, { timeout: 20_000 }).toBe(true);
    await queue.stop();
    expect(finished).toBe(true);
    expect((await jobRows(database, 'probe-slow'))[0]?.state).toBe('completed');
  });
});
