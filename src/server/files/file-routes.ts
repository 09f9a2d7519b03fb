import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { ifNoneMatchHas } from '#server/http/etag-match.ts';
import { notFound } from '#server/http/http-error.ts';
import { errorResponses, fileDownload, notModified } from '#server/http/route-schemas.ts';
import { isSafeKey } from '#shared/storage-key.ts';
import { answerRange } from './byte-range.ts';
import { findFileOwner, mayReadFile } from './file-access.ts';

/** Private: per user, never in a shared cache; a day, since a key's content never changes. */
const CACHE_CONTROL = 'private, max-age=86400';

/** What uploads may be (checked by their bytes: src/server/storage/content-type.ts). */
const STORED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];

const fileSchema = {
  summary: 'A stored file (photo, plan, certificate), for whoever may see what it belongs to',
  params: z.object({ '*': z.string().meta({ description: 'The storage key, as answers link it' }) }),
  response: {
    ...errorResponses,
    200: fileDownload('The file as stored', STORED_TYPES),
    206: fileDownload('The one byte range asked for (Range)', STORED_TYPES),
    304: notModified,
  },
};

/** A header sent once; a repeated one counts as absent. */
function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * GET /api/files/<storage key>: stored files (request photos, certificates, documentation images)
 * to whoever may see what they belong to. Unknown keys, unsafe keys, files nobody references and
 * files the caller may not read all answer the same 404, so keys reveal nothing.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/files/*', { schema: fileSchema }, async (request, reply) => {
    const user = requireUser(request);
    const key = request.params['*'];
    if (!isSafeKey(key)) throw notFound();
    const owner = await findFileOwner(app.db, key);
    if (!owner || !(await mayReadFile(app.db, user, owner))) throw notFound();
    const file = await app.files.stat(key);
    if (!file) throw notFound();
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', file.etag)
      .header('accept-ranges', 'bytes')
      // Uploads are only PDF and raster images (checked by their bytes), so nothing stored can run
      // as a page; nosniff keeps the browser to the stored type.
      .header('x-content-type-options', 'nosniff');
    if (ifNoneMatchHas(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    const wanted = answerRange(
      request.headers.range,
      header(request.headers['if-range']),
      file.etag,
      file.size,
    );
    if (wanted.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        .send({ detail: 'The requested range is not satisfiable.' });
    }
    const range = wanted.kind === 'partial' ? wanted.range : undefined;
    // Streamed from the store as it is read: a large layout never sits in memory whole.
    const body = await app.files.stream(key, range);
    if (!body) throw notFound();
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    return reply
      .type(file.contentType)
      .header('content-length', range ? range.end - range.start + 1 : file.size)
      .send(body);
  });
}
