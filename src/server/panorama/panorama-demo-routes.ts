import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import { PANORAMA_DEMO_IMAGE_PATH } from '#shared/panorama.ts';
import { panorama } from './demo-panorama.ts';

/**
 * The /panorama demo's picture: the equirectangular room the seed also uses, drawn in code on first
 * request and then kept in memory (about 0.2 s to draw, ~30 KB), so the repository holds no image.
 * A fixed route, so the SPA's wildcard and history fallback never answer it.
 */
export async function panoramaDemoRoutes(app: FastifyInstance): Promise<void> {
  let png: Buffer | undefined;
  const schema = {
    summary: "The /panorama demo's equirectangular picture",
    security: PUBLIC,
    response: { ...errorResponses, 200: fileDownload('A PNG drawn by the server', ['image/png']) },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(PANORAMA_DEMO_IMAGE_PATH, { schema }, async (_request, reply) => {
      png ??= panorama(0);
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('image/png').send(png);
    });
}
