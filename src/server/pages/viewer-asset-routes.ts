import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { contentVersion } from '#server/http/content-version.ts';
import { ifNoneMatchHas } from '#server/http/etag-match.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses, fileDownload, notModified } from '#server/http/route-schemas.ts';
import { VIEWER_ASSET_VERSION_PARAM, VIEWER_ASSETS } from '#shared/viewer-assets.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** `?v=<this file's version>`: that URL's content never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The stable name (an embed on another site, or an old version): revalidate every time, 304 when unchanged. */
const REVALIDATE = 'no-cache';

/** `?v=` is a cache key, never an input to refuse: anything but one text is as if not given. */
const assetQuery = z.object({
  [VIEWER_ASSET_VERSION_PARAM]: z.string().optional().catch(undefined).meta({
    description: "The file's content version: with the current one the answer is cached for a year",
  }),
});

/**
 * GET /static/js/interactive-viewer.js, /static/js/interactive-viewer-init.js and
 * /static/css/interactive-viewer.css from the build (`dir`, read once at start: they are small and
 * change only with a new build, which restarts the server), with their content type, a strong
 * ETag of their content, and a year's caching when asked by their current `?v=`. Other sites may
 * load them (the read-only embed), so they are cross-origin resources. Any other /static/ path is a
 * 404: never the app's index.html.
 */
export async function viewerAssetRoutes(app: FastifyInstance, options: { dir?: string }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const path of Object.values(VIEWER_ASSETS)) {
    const file = options.dir === undefined ? undefined : join(options.dir, path);
    if (!file || !existsSync(file)) continue;
    const body = readFileSync(file);
    const version = contentVersion(body);
    const etag = `"${version}"`;
    const type = CONTENT_TYPES[path.slice(path.lastIndexOf('.'))]!;
    const schema = {
      summary: "The as-builds viewer's static file (also loaded by embeds on other sites)",
      security: PUBLIC,
      querystring: assetQuery,
      response: { ...errorResponses, 200: fileDownload('The file', [type.split(';')[0]!]), 304: notModified },
    };
    api.get(path, { schema }, async (request, reply) => {
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          request.query[VIEWER_ASSET_VERSION_PARAM] === version ? IMMUTABLE : REVALIDATE,
        )
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*');
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }

  const missingSchema = {
    summary: "Any other /static/ path: not found (never the app's index.html)",
    security: PUBLIC,
    response: errorResponses,
  };
  const missing = { schema: missingSchema };
  const notFound = async () => {
    throw new HttpError(404, { detail: 'Not found.' });
  };
  api.get(
    '/static/*',
    { ...missing, schema: { ...missingSchema, params: z.object({ '*': z.string() }) } },
    notFound,
  );
  // The folder itself (with or without its slash: the router ignores trailing slashes).
  api.get('/static', missing, notFound);
}
