import type { FastifyRequest } from 'fastify';

const asked = new WeakMap<FastifyRequest, Promise<boolean>>();

/**
 * ChangeFeed.ready() for this request, asked at most once: whatever the request trusts from this
 * process's caches (its session or API key, the viewer derived from it, a read cache's answer, a
 * thread's access) waits on the same round trip, so a request costs one wait, not one per cache.
 * Asked after the request arrived, it vouches for every write committed before then, which is all
 * the consistency rule needs; a reset afterwards clears the tag versions and the session caches, so
 * nothing kept before it can be served on its word.
 */
export function cachesReady(request: FastifyRequest): Promise<boolean> {
  let ready = asked.get(request);
  if (ready === undefined) {
    ready = request.server.changeFeed.ready();
    asked.set(request, ready);
  }
  return ready;
}
