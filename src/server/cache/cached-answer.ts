import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedRead, CachedReadKey } from './cached-read.ts';
import type { ReadDep } from './read-deps.ts';
import { cachesReady } from './request-ready.ts';

/** What a route reads from the database for a cached answer: the body and what it depends on. */
export interface FreshAnswer {
  body: unknown;
  deps: readonly ReadDep[];
}

/** An answer as it was sent: its JSON text and its weak ETag. */
export interface CachedJson {
  json: string;
  etag: string;
}

/** Weak: the same text always carries the same tag, from whichever process (so 304 works across them). */
function etagOf(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
}

/** The cached read of a route's JSON answers. */
export type CachedAnswers = CachedRead<CachedJson>;

/**
 * Answers a GET through `answers` (cached-read.ts) when the change feed vouches for it (every write
 * committed before this request is applied), else from `load` (told whether this process's caches
 * may be used now). The JSON text is kept, so a hit serializes nothing; the answer carries a weak
 * ETag and a matching If-None-Match gets 304. A thrown error (404, 403) is never kept: it is
 * computed again on each request.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: CachedAnswers,
  key: CachedReadKey,
  load: (cachesUsable: boolean) => Promise<FreshAnswer>,
): Promise<FastifyReply> {
  // The same wait as the session's, when the request's session or key came from the cache.
  const usable = await cachesReady(request);
  const answer = await answers.read({
    ...key,
    usable,
    load: async () => {
      const { body, deps } = await load(usable);
      const json = JSON.stringify(body);
      return { value: { json, etag: etagOf(json) }, deps };
    },
  });
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
