import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses, noContent } from '#server/http/route-schemas.ts';
import {
  findLayout,
  LAYOUT_NOT_FOUND,
  requireDocumentationEditor,
  requireDocumentationReader,
} from '#server/request-core/documentation-access.ts';
import {
  PROPERTY_NOT_FOUND,
  propertyError,
  propertyNotFound,
  requireSignedIn,
} from '#server/request-core/project-access.ts';
import { POLYGON_OFF_LAYOUT, pointsOnLayout, polygonInputSchema } from '#shared/documentation.ts';
import { layoutPolygonSchema, projectDocumentationSchema } from '#shared/documentation-responses.ts';
import { idParamsSchema, recordIdParams, recordIdSchema } from '#shared/record-id.ts';
import { documentationUploadRoutes } from './documentation-upload-routes.ts';
import { createPolygon, deletePolygon, polygonIsOnLayout } from './layout-polygons.ts';
import { loadProjectDocumentation } from './project-documentation.ts';

const POLYGON_NOT_FOUND = 'Polygon not found.';

/**
 * One id of the path, read again: when any param breaks the schema Fastify leaves them all as the
 * text they came as (attachValidation), and each id here has its own 404 in its own turn.
 */
function pathId(value: unknown): number | null {
  const parsed = recordIdSchema.safeParse(String(value));
  return parsed.success ? parsed.data : null;
}

/**
 * The as-builds viewer's calls (contract in src/shared/documentation.ts). Checks answer in the
 * order 401, 404, 403, 400: the polygon write reads its body only after the record checks
 * (attachValidation, src/server/http/deferred-input.ts). The writes are ordinary routes, so the
 * global CSRF hook covers cookie-authenticated callers.
 */
export async function documentationRoutes(app: FastifyInstance): Promise<void> {
  // Uploads have their own scoped multipart limits.
  await app.register(documentationUploadRoutes);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireSignedIn);

  const readSchema = {
    summary: 'Everything the as-builds viewer shows for a property: layouts, pins, polygons, photos',
    params: idParamsSchema,
    response: { ...errorResponses, 200: projectDocumentationSchema },
  };
  const readOptions = {
    schema: readSchema,
    preValidation: signedInFirst,
    config: { notFound: propertyNotFound(PROPERTY_NOT_FOUND) },
  };
  api.get('/api/projects/:id/documentation/', readOptions, async (request) => {
    const user = requireSignedIn(request);
    const { project, canEdit } = await requireDocumentationReader(app.db, user, request.params.id);
    return loadProjectDocumentation(app.db, project, canEdit);
  });

  const keepSchema = {
    summary: 'Keep a polygon measured on a layout (points in layout image pixels)',
    params: recordIdParams('layoutId'),
    body: polygonInputSchema,
    response: { ...errorResponses, 201: layoutPolygonSchema },
  };
  const keepOptions = {
    schema: keepSchema,
    attachValidation: true,
    config: { notFound: propertyNotFound(LAYOUT_NOT_FOUND) },
  };
  api.post('/api/layouts/:layoutId/polygons/', keepOptions, async (request, reply) => {
    const user = requireSignedIn(request);
    requireValidParams(request);
    const layout = await findLayout(app.db, request.params.layoutId);
    requireDocumentationEditor(user, layout);
    requireValidBody(request);
    const input = request.body;
    if (!pointsOnLayout(input.points, { width_px: layout.widthPx, height_px: layout.heightPx })) {
      throw new HttpError(400, { errors: { points: [POLYGON_OFF_LAYOUT] } });
    }
    return reply.status(201).send(await createPolygon(app.db, layout.id, input, user.id));
  });

  const removeSchema = {
    summary: 'Delete a kept polygon of a layout',
    params: recordIdParams('layoutId', 'polygonId'),
    response: { ...errorResponses, 204: noContent },
  };
  const removeOptions = {
    schema: removeSchema,
    attachValidation: true,
    config: { notFound: propertyNotFound(LAYOUT_NOT_FOUND) },
  };
  api.delete('/api/layouts/:layoutId/polygons/:polygonId/', removeOptions, async (request, reply) => {
    const user = requireSignedIn(request);
    // The layout's 404 first, then the polygon's (a malformed polygon id is an unknown polygon).
    const layoutId = pathId(request.params.layoutId);
    if (layoutId === null) throw propertyError(404, LAYOUT_NOT_FOUND);
    const layout = await findLayout(app.db, layoutId);
    const polygonId = pathId(request.params.polygonId);
    if (polygonId === null || !(await polygonIsOnLayout(app.db, layout.id, polygonId)))
      throw propertyError(404, POLYGON_NOT_FOUND);
    requireDocumentationEditor(user, layout);
    // A concurrent delete may have taken it since the check: the same 404.
    if (!(await deletePolygon(app.db, layout, polygonId, user))) throw propertyError(404, POLYGON_NOT_FOUND);
    return reply.status(204).send();
  });
}
