import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guards.ts';
import { notFound } from '../http/http-error.ts';
import { isSafeKey } from '../storage/file-store.ts';
import { findFileOwner, mayReadFile } from './file-access.ts';

/** Private: per user, never in a shared cache; a day, since a key's content never changes. */
const CACHE_CONTROL = 'private, max-age=86400';

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * GET /api/files/<storage key>: stored files (request photos, certificates, documentation images)
 * to whoever may see what they belong to. Unknown keys, unsafe keys, files nobody references and
 * files the caller may not read all answer the same 404, so keys reveal nothing.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string } }>('/api/files/*', async (request, reply) => {
    const user = requireUser(request);
    const key = request.params['*'];
    if (!isSafeKey(key)) throw notFound();
    const owner = await findFileOwner(app.db, key);
    if (!owner || !(await mayReadFile(app.db, user, owner))) throw notFound();
    const file = await app.files.get(key);
    if (!file) throw notFound();
    const etag = `"${createHash('sha256').update(file.body).digest('base64url')}"`;
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      // Uploads are only PDF and raster images (checked by their bytes), so nothing stored can run
      // as a page; nosniff keeps the browser to the stored type.
      .header('x-content-type-options', 'nosniff');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(file.contentType).send(file.body);
  });
}
