import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ChangeFeed } from './change-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cache channel of this process: tag versions, the read barrier, the write barrier. */
    changeFeed: ChangeFeed;
  }
}

/**
 * Listens on the cache channel once the app is ready, and makes every answer to a write wait until
 * this process has applied the write's own notifications: the writer's next request, whichever of
 * this process's caches it meets, sees its write (a logout has ended the session, a new bid is in
 * My Bids). Other processes apply them as they arrive; their read caches wait for it (change-feed.ts).
 */
export const changeFeedPlugin = fp(async (app: FastifyInstance) => {
  const feed = new ChangeFeed();
  app.decorate('changeFeed', feed);
  app.addHook('onReady', async () => {
    await feed.start(app.database);
  });
  app.addHook('onClose', async () => {
    await feed.stop();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await feed.barrier();
    return payload;
  });
});
