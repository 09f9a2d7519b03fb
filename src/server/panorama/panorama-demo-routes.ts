import type { FastifyInstance } from 'fastify';
import { panorama } from '#server/db/seed/demo-images.ts';
import { PANORAMA_DEMO_IMAGE_PATH } from '#shared/panorama.ts';

/**
 * The /panorama demo's picture: one of the seed's equirectangular rooms, drawn in code on first
 * request and then kept in memory (about 0.2 s to draw, ~30 KB), so the repository holds no image.
 * A fixed route, so the SPA's wildcard and history fallback never answer it.
 */
export async function panoramaDemoRoutes(app: FastifyInstance): Promise<void> {
  let png: Buffer | undefined;
  app.get(PANORAMA_DEMO_IMAGE_PATH, async (_request, reply) => {
    png ??= panorama(0);
    reply.header('cache-control', 'public, max-age=86400');
    return reply.type('image/png').send(png);
  });
}
