import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VIEWER_ASSET_VERSION_PARAM, VIEWER_ASSETS } from '#shared/viewer-assets.ts';
import { contentVersion } from './content-version.ts';
import { ifNoneMatchHas } from './etag-match.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** `?v=<this file's version>`: that URL's content never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The stable name (an embed on another site, or an old version): revalidate every time, 304 when unchanged. */
const REVALIDATE = 'no-cache';

function versionAsked(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[VIEWER_ASSET_VERSION_PARAM];
  return typeof value === 'string' ? value : undefined;
}

/**
 * GET /static/js/interactive-viewer.js, /static/js/interactive-viewer-init.js and
 * /static/css/interactive-viewer.css from the build (`dir`, read once at start: they are small and
 * change only with a new build, which restarts the server), with their content type, a strong
 * ETag of their content, and a year's caching when asked by their current `?v=`. Other sites may
 * load them (the read-only embed), so they are cross-origin resources. Any other /static/ path is a
 * 404: never the app's index.html.
 */
export async function viewerAssetRoutes(app: FastifyInstance, options: { dir?: string }): Promise<void> {
  for (const path of Object.values(VIEWER_ASSETS)) {
    const file = options.dir === undefined ? undefined : join(options.dir, path);
    if (!file || !existsSync(file)) continue;
    const body = readFileSync(file);
    const version = contentVersion(body);
    const etag = `"${version}"`;
    const type = CONTENT_TYPES[path.slice(path.lastIndexOf('.'))]!;
    app.get(path, async (request, reply) => {
      reply
        .header('etag', etag)
        .header('cache-control', versionAsked(request) === version ? IMMUTABLE : REVALIDATE)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*');
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }

  const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ detail: 'Not found.' });
  app.get('/static/*', notFound);
  // The folder itself (with or without its slash: the router ignores trailing slashes).
  app.get('/static', notFound);
}
