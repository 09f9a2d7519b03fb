import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { type SweepCounts, sweepExpiredRecords } from './expired-records.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one sweep of expired records now (tests; `now` lets a test look into the future). */
    sweepExpired(options?: { now?: Date }): Promise<SweepCounts>;
  }
}

export const HOUSEKEEPING_POLICY = {
  /** The first pass waits a little after start, off the start-up path. */
  firstPassMs: 60_000,
  everyMs: 10 * 60_000,
} as const;

/**
 * Sweeps expired sessions, drafts (with their certificates), tokens and login records every ten
 * minutes, a periodic job (one pass at a time across processes); the row locks of each batch
 * (expired-records.ts) also keep a sweep run by hand apart from the queue's. A failed pass stays in
 * the queue's failed list: the next one tries again.
 */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const sweep = runPeriodically(app, {
    name: 'expired-records-sweep',
    firstMs: HOUSEKEEPING_POLICY.firstPassMs,
    everyMs: HOUSEKEEPING_POLICY.everyMs,
    enabled: true,
    run: async (options) => {
      const counts = await sweepExpiredRecords(app.db, app.files, app.log, options.now);
      app.log.debug({ counts }, 'swept expired records');
      return counts;
    },
  });
  app.decorate('sweepExpired', sweep);
});
