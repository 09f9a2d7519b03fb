import type { FastifyInstance } from 'fastify';

export interface PeriodicTask<Result> {
  name: string;
  /** The first pass waits this long after the app is ready; then one every `everyMs`. */
  firstMs: number;
  everyMs: number;
  /** false: no timer at all (tests call the returned function themselves). */
  enabled: boolean;
  run(options: { now?: Date }): Promise<Result>;
}

/**
 * Runs `task.run` periodically while the app is up, one pass at a time in this process (other
 * processes are kept apart by the row locks each task takes), and answers a function that runs a
 * pass now (after the one under way). A failed pass only logs: the next one tries again. The app's
 * close waits for a pass under way.
 */
export function runPeriodically<Result>(
  app: FastifyInstance,
  task: PeriodicTask<Result>,
): (options?: { now?: Date }) => Promise<Result> {
  let running: Promise<Result> | null = null;
  const runNow = async (options: { now?: Date } = {}): Promise<Result> => {
    while (running) await running.catch(() => null);
    running = task.run(options);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    runNow()
      .catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, task.everyMs).unref();
      });
  };
  if (task.enabled) {
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, task.firstMs).unref();
    });
  }
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    while (running) await running.catch(() => null);
  });
  return runNow;
}
