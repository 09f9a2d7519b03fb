import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_TOKEN_PATTERN } from '#shared/layout-share-paths.ts';
import { ifNoneMatchHas } from '../http/etag-match.ts';
import { notFound } from '../http/http-error.ts';
import { requireSignedIn } from '../projects/project-access.ts';
import { findLayout, requireDocumentationEditor } from './documentation-access.ts';
import {
  disableLayoutShare,
  enableLayoutShare,
  loadSharedLayout,
  readLayoutShare,
} from './layout-share-store.ts';

type LayoutRequest = FastifyRequest<{ Params: { layoutId: string } }>;
type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** The layout in the path, for the documentation's writers: 401, 404, then 403 (as the other layout writes). */
async function requireLayoutWriter(app: FastifyInstance, request: LayoutRequest) {
  const user = requireSignedIn(request);
  const layout = await findLayout(app.db, request.params.layoutId);
  requireDocumentationEditor(user, layout);
  return { user, layout };
}

/** What the token opens, or the same 404 for a malformed, unknown or withdrawn token. */
async function requireShared(app: FastifyInstance, request: TokenRequest) {
  const { token } = request.params;
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
 * visibility in src/shared/layout-share.ts; docs/architecture.md, "Shared plans").
 */
export async function layoutShareRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/share/', async (request) => {
    const { layout } = await requireLayoutWriter(app, request);
    return readLayoutShare(app.db, layout.id);
  });

  app.put<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/share/', async (request) => {
    const { user, layout } = await requireLayoutWriter(app, request);
    return enableLayoutShare(app.db, layout.id, user.id);
  });

  app.delete<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/share/', async (request, reply) => {
    const { layout } = await requireLayoutWriter(app, request);
    await disableLayoutShare(app.db, layout.id);
    return reply.code(204).send();
  });

  // The headers go first: another site's page must be able to read a 404 too ("not shared any more").
  app.get<{ Params: { token: string } }>('/api/shared-layouts/:token/', async (request, reply) => {
    publicForEmbeds(reply);
    return (await requireShared(app, request)).view;
  });

  app.get<{ Params: { token: string } }>('/api/shared-layouts/:token/image', async (request, reply) => {
    publicForEmbeds(reply);
    const shared = await requireShared(app, request);
    const file = await app.files.stat(shared.storageKey);
    if (!file) throw notFound();
    reply.header('etag', file.etag);
    if (ifNoneMatchHas(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    const body = await app.files.stream(shared.storageKey);
    if (!body) throw notFound();
    return reply.type(file.contentType).header('content-length', file.size).send(body);
  });
}
