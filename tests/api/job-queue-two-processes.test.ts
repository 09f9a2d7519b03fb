import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { JobQueue } from '#server/schedule/job-queue.ts';
import { openTestDatabase } from '../support/test-database.ts';

/**
 * Two queues on one PostgreSQL, as two server processes have: every job runs once, whichever takes
 * it, and a job whose process stopped answering mid-run is taken back and run by the other.
 */
const silent = { error: () => {} };
let database: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});

function queue(options: ConstructorParameters<typeof JobQueue>[2] = {}) {
  const made = new JobQueue(database, silent, options);
  queues.push(made);
  return made;
}

describe('the job queue in two processes', () => {
  it('runs each of many jobs once, in one process or the other', async () => {
    const runs: { process: string; n: number }[] = [];
    const processes = ['a', 'b'].map((name) => {
      const q = queue();
      q.define<{ n: number }>({
        name: 'probe-shared',
        pollSeconds: 0.5,
        run: async (data) => {
          runs.push({ process: name, n: data.n });
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      return q;
    });
    await Promise.all(processes.map((q) => q.start()));
    for (let n = 0; n < 40; n += 1) await processes[n % 2]!.send('probe-shared', { n });
    await expect.poll(() => runs.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    // A moment more for a second run of any job to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
  });

  it('runs a periodic pass in one process at a time', async () => {
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const processes = ['a', 'b'].map(() => {
      const q = queue();
      q.every({
        name: 'probe-periodic-shared',
        firstMs: 0,
        everyMs: 1_000,
        run: async () => {
          running += 1;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          running -= 1;
          passes += 1;
        },
      });
      return q;
    });
    await Promise.all(processes.map((q) => q.start()));
    await expect.poll(() => passes, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
  });

  it('takes back a job whose process stopped answering mid-run, and runs it in the other', async () => {
    let frozenStarted = false;
    const ranIn: string[] = [];
    const frozen = queue({ stopTimeoutMs: 1_000 });
    frozen.define({
      name: 'probe-taken-back',
      expireInSeconds: 2,
      retryDelaySeconds: 1,
      backoff: false,
      pollSeconds: 0.5,
      run: () => {
        frozenStarted = true;
        ranIn.push('frozen');
        return new Promise(() => {});
      },
    });
    await frozen.start();
    await frozen.send('probe-taken-back', {});
    await expect.poll(() => frozenStarted, { timeout: 20_000 }).toBe(true);

    const healthy = queue({ superviseSeconds: 1 });
    healthy.define({
      name: 'probe-taken-back',
      expireInSeconds: 2,
      retryDelaySeconds: 1,
      backoff: false,
      pollSeconds: 0.5,
      run: async () => void ranIn.push('healthy'),
    });
    await healthy.start();
    await expect.poll(() => ranIn, { timeout: 30_000 }).toEqual(['frozen', 'healthy']);
  });
});
