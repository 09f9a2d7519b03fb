import type { MatrixCall } from './authorization-calls.ts';
import type { AuthorizationWorld } from './authorization-world.ts';

/** A kind no part of the app works: its jobs stay where the matrix puts them. */
const PROBE = 'matrix-probe';

/** A job that failed for good, one per call (a retry or a discard uses it up). */
async function failedJob(w: AuthorizationWorld): Promise<string> {
  const boss = await w.t.app.jobs.library();
  await boss.createQueue(PROBE, { retryLimit: 0 });
  await boss.send(PROBE, {});
  const [job] = await boss.fetch(PROBE);
  if (!job) throw new Error('the probe job was not fetched');
  await boss.fail(PROBE, job.id, { message: 'matrix probe failed' });
  return job.id;
}

/** The job queue's admin rows of the matrix (tests/api/authorization-matrix-table.ts). */
export const jobQueueCalls: Record<string, MatrixCall> = {
  'GET /api/admin/jobs/': { call: () => ({ method: 'GET', url: '/api/admin/jobs/' }) },
  'POST /api/admin/jobs/:kind/:id/retry/ [a failed job]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/admin/jobs/${PROBE}/${await failedJob(w)}/retry/`,
      json: {},
    }),
  },
  'DELETE /api/admin/jobs/:kind/:id/ [a failed job]': {
    changes: true,
    call: async (w) => ({ method: 'DELETE', url: `/api/admin/jobs/${PROBE}/${await failedJob(w)}/` }),
  },
};
