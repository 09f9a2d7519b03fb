import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadCache } from './read-cache.ts';
import { cachesReady } from './request-ready.ts';

/** What a route reads from the database for a cached answer: the body and the tags it depends on. */
export interface FreshAnswer {
  body: unknown;
  tags: readonly string[];
}

/** Weak: the same text always carries the same tag, from whichever process (so 304 works across them). */
function etagOf(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
}

/**
 * Answers a GET from `cache` when the change feed vouches for it (every write committed before this
 * request is applied), else from `load` (told whether this process's caches may be used now),
 * keeping the result when it may. The JSON text is kept, so a
 * hit serializes nothing; the answer carries a weak ETag and a matching If-None-Match gets 304.
 * A thrown error (404, 403) is never kept: it is computed again on each request.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: (cachesUsable: boolean) => Promise<FreshAnswer>,
): Promise<FastifyReply> {
  const feed = request.server.changeFeed;
  // The same wait as the session's, when the request's session or key came from the cache.
  const usable = await cachesReady(request);
  let answer = usable ? cache.get(key) : undefined;
  if (answer === undefined) {
    const stamp = feed.versions.stamp();
    const { body, tags } = await load(usable);
    const json = JSON.stringify(body);
    answer = { json, etag: etagOf(json), tags, stamp };
    if (usable) cache.set(key, answer);
  }
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
