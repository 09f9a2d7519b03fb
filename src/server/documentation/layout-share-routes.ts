import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { ifNoneMatchHas } from '#server/http/etag-match.ts';
import { notFound } from '#server/http/http-error.ts';
import { errorResponses, fileDownload, noContent, notModified } from '#server/http/route-schemas.ts';
import {
  findLayout,
  LAYOUT_NOT_FOUND,
  requireDocumentationEditor,
} from '#server/request-core/documentation-access.ts';
import { propertyNotFound, requireSignedIn } from '#server/request-core/project-access.ts';
import { layoutShareSchema, sharedLayoutSchema } from '#shared/layout-share.ts';
import { SHARE_TOKEN_PATTERN } from '#shared/layout-share-paths.ts';
import { recordIdParams } from '#shared/record-id.ts';
import {
  disableLayoutShare,
  enableLayoutShare,
  loadSharedLayout,
  readLayoutShare,
} from './layout-share-store.ts';

/**
 * Any text: a malformed token answers the same 404 as an unknown one, from the handler, so that 404
 * carries the headers other sites need to read it.
 */
const tokenParams = z.object({ token: z.string().meta({ description: 'The share token (43 characters)' }) });

/** What the token opens, or the same 404 for a malformed, unknown or withdrawn token. */
async function requireShared(app: FastifyInstance, token: string) {
  const shared = SHARE_TOKEN_PATTERN.test(token) ? await loadSharedLayout(app.db, token) : null;
  if (!shared) throw notFound();
  return shared;
}

/**
 * Public answers for other sites' pages: any origin may read them (no cookies are involved, the
 * token is the key), and they are revalidated on every use so a withdrawn share stops at once.
 */
function publicForEmbeds(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-cache');
}

/**
 * Read-only shares of a layout for the embed on a property manager's own site (contract and
 * visibility in src/shared/layout-share.ts; docs/decisions/shared-plans-and-360.md, "Shared plans").
 */
export async function layoutShareRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The layout in the path, for the documentation's writers: 401, 404, then 403 (as the other layout writes). */
  const writerOptions = {
    preValidation: checkFirst(requireSignedIn),
    config: { notFound: propertyNotFound(LAYOUT_NOT_FOUND) },
  };
  const requireLayoutWriter = async (request: FastifyRequest, layoutId: number) => {
    const user = requireSignedIn(request);
    const layout = await findLayout(app.db, layoutId);
    requireDocumentationEditor(user, layout);
    return { user, layout };
  };
  const params = recordIdParams('layoutId');
  const shareAnswer = { ...errorResponses, 200: layoutShareSchema };

  const readSchema = { summary: 'Whether a layout is shared, and its token', params, response: shareAnswer };
  api.get('/api/layouts/:layoutId/share/', { schema: readSchema, ...writerOptions }, async (request) => {
    const { layout } = await requireLayoutWriter(request, request.params.layoutId);
    return readLayoutShare(app.db, layout.id);
  });

  const onSchema = {
    summary: 'Share a layout for embedding on other sites (keeps the token it has)',
    params,
    response: shareAnswer,
  };
  api.put('/api/layouts/:layoutId/share/', { schema: onSchema, ...writerOptions }, async (request) => {
    const { user, layout } = await requireLayoutWriter(request, request.params.layoutId);
    return enableLayoutShare(app.db, layout.id, user.id);
  });

  const offSchema = {
    summary: 'Stop sharing a layout: its token stops working at once',
    params,
    response: { ...errorResponses, 204: noContent },
  };
  api.delete(
    '/api/layouts/:layoutId/share/',
    { schema: offSchema, ...writerOptions },
    async (request, reply) => {
      const { layout } = await requireLayoutWriter(request, request.params.layoutId);
      await disableLayoutShare(app.db, layout.id);
      return reply.code(204).send();
    },
  );

  // The headers go first: another site's page must be able to read a 404 too ("not shared any more").
  const sharedSchema = {
    summary: 'A shared layout, for the embed on another site (any origin; the token is the key)',
    security: PUBLIC,
    params: tokenParams,
    response: { ...errorResponses, 200: sharedLayoutSchema },
  };
  api.get('/api/shared-layouts/:token/', { schema: sharedSchema }, async (request, reply) => {
    publicForEmbeds(reply);
    return (await requireShared(app, request.params.token)).view;
  });

  const imageSchema = {
    summary: "A shared layout's image",
    security: PUBLIC,
    params: tokenParams,
    response: {
      ...errorResponses,
      200: fileDownload('The plan image as stored', ['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
      304: notModified,
    },
  };
  api.get('/api/shared-layouts/:token/image', { schema: imageSchema }, async (request, reply) => {
    publicForEmbeds(reply);
    const shared = await requireShared(app, request.params.token);
    const file = await app.files.stat(shared.storageKey);
    if (!file) throw notFound();
    reply.header('etag', file.etag);
    if (ifNoneMatchHas(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    const body = await app.files.stream(shared.storageKey);
    if (!body) throw notFound();
    return reply.type(file.contentType).header('content-length', file.size).send(body);
  });
}
