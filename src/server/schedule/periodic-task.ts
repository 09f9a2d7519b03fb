import type { FastifyInstance } from 'fastify';
import './job-queue-plugin.ts';

export interface PeriodicTask<Result> {
  /** The job kind's name in the queue (what staff see in the admin console). */
  name: string;
  /** The first pass waits this long after the app is ready; then one every `everyMs`. */
  firstMs: number;
  everyMs: number;
  /** false: no job at all (tests call the returned function themselves). */
  enabled: boolean;
  run(options: { now?: Date }): Promise<Result>;
}

/**
 * Runs `task.run` periodically on the job queue (app.jobs.every: one pass at a time across every
 * process, a failed pass kept in the queue's failed list and the next one on time), and answers a
 * function that runs a pass now in this process (after the one under way here). The app's close
 * waits for a pass under way, and a pass the queue hands over after the close does nothing.
 */
export function runPeriodically<Result>(
  app: FastifyInstance,
  task: PeriodicTask<Result>,
): (options?: { now?: Date }) => Promise<Result> {
  let running: Promise<Result> | null = null;
  let closed = false;
  const runNow = async (options: { now?: Date } = {}): Promise<Result> => {
    while (running) await running.catch(() => null);
    running = task.run(options);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  if (task.enabled) {
    app.jobs.every({
      name: task.name,
      firstMs: task.firstMs,
      everyMs: task.everyMs,
      run: async () => {
        if (!closed) await runNow();
      },
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    while (running) await running.catch(() => null);
  });
  return runNow;
}
