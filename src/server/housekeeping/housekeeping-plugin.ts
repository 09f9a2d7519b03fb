import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * minutes in every process; the row locks of each batch (expired-records.ts) keep processes that
 * sweep at once apart. A failed pass only logs: the next one tries again.
 */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  let running: Promise<SweepCounts> | null = null;
  const sweep = async (options: { now?: Date } = {}): Promise<SweepCounts> => {
    // One pass at a time in this process.
    while (running) await running.catch(() => null);
    running = sweepExpiredRecords(app.db, app.files, app.log, options.now);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  app.decorate('sweepExpired', sweep);

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    sweep()
      .then((counts) => app.log.debug({ counts }, 'swept expired records'))
      .catch((error: unknown) => app.log.error({ err: error }, 'sweep of expired records failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, HOUSEKEEPING_POLICY.everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, HOUSEKEEPING_POLICY.firstPassMs).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    while (running) await running.catch(() => null);
  });
});
