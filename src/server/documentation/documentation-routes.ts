import type { FastifyInstance } from 'fastify';
import { POLYGON_OFF_LAYOUT, pointsOnLayout, polygonInputSchema } from '#shared/documentation.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { parseId, propertyError, requireSignedIn } from '../projects/project-access.ts';
import {
  findLayout,
  requireDocumentationEditor,
  requireDocumentationReader,
} from './documentation-access.ts';
import { documentationUploadRoutes } from './documentation-upload-routes.ts';
import { createPolygon, deletePolygon, polygonIsOnLayout } from './layout-polygons.ts';
import { loadProjectDocumentation } from './project-documentation.ts';

const POLYGON_NOT_FOUND = 'Polygon not found.';

/**
 * The as-builds viewer's calls (contract in src/shared/documentation.ts). Checks answer in the
 * order 401, 404, 403, 400. The writes are ordinary routes, so the global CSRF hook covers
 * cookie-authenticated callers.
 */
export async function documentationRoutes(app: FastifyInstance): Promise<void> {
  // Uploads have their own scoped multipart limits.
  await app.register(documentationUploadRoutes);

  app.get<{ Params: { id: string } }>('/api/projects/:id/documentation/', async (request) => {
    const { project, canEdit } = await requireDocumentationReader(app.db, request);
    return loadProjectDocumentation(app.db, project, canEdit);
  });

  app.post<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/polygons/', async (request, reply) => {
    const user = requireSignedIn(request);
    const layout = await findLayout(app.db, request.params.layoutId);
    requireDocumentationEditor(user, layout);
    const input = parseInput(polygonInputSchema, request.body);
    if (!pointsOnLayout(input.points, { width_px: layout.widthPx, height_px: layout.heightPx })) {
      throw new HttpError(400, { errors: { points: [POLYGON_OFF_LAYOUT] } });
    }
    return reply.status(201).send(await createPolygon(app.db, layout.id, input, user.id));
  });

  app.delete<{ Params: { layoutId: string; polygonId: string } }>(
    '/api/layouts/:layoutId/polygons/:polygonId/',
    async (request, reply) => {
      const user = requireSignedIn(request);
      const layout = await findLayout(app.db, request.params.layoutId);
      const polygonId = parseId(request.params.polygonId, POLYGON_NOT_FOUND);
      if (!(await polygonIsOnLayout(app.db, layout.id, polygonId)))
        throw propertyError(404, POLYGON_NOT_FOUND);
      requireDocumentationEditor(user, layout);
      // A concurrent delete may have taken it since the check: the same 404.
      if (!(await deletePolygon(app.db, layout, polygonId, user)))
        throw propertyError(404, POLYGON_NOT_FOUND);
      return reply.status(204).send();
    },
  );
}
