import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files that must be re-checked on every load so a new release is picked up. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/**
 * Serves the built PWA from `dir`: hashed assets cached for a year, the shell and service worker
 * revalidated, and any other GET outside /api/ answered with index.html (history fallback; the
 * app itself sends unknown routes to /).
 */
export async function registerSpa(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const hasBuild = dir !== undefined && existsSync(join(dir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, path) {
        const name = path.slice(dir.length);
        if (name.startsWith('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || path.startsWith('/api/') || !wantsPage) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
