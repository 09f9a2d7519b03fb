import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue, type JobQueueOptions } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (job-queue.ts): kinds are defined while plugins register, it starts when the app is ready. */
    jobs: JobQueue;
  }
}

/**
 * Starts the queue once every plugin has defined its kinds, beside the app's start rather than in
 * its way (a call that needs the queue waits for it); the app's close waits for its stop.
 */
export const jobQueuePlugin = fp(async (app: FastifyInstance, options: JobQueueOptions) => {
  const jobs = new JobQueue(app.database, app.log, options);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    jobs.start().catch((error: unknown) => app.log.error({ err: error }, 'the job queue did not start'));
  });
  app.addHook('onClose', () => jobs.stop());
});
