import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  managesClient,
  PROPERTY_NOT_FOUND,
  propertyError,
  propertyNotFound,
  requireManagedProject,
  requireSignedIn,
} from '#server/request-core/project-access.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import { clientProjectListSchema, projectUnitListSchema } from '#shared/project-responses.ts';
import { idParamsSchema, recordIdSchema } from '#shared/record-id.ts';

const CLIENT_NOT_FOUND = 'Client not found.';

/**
 * GET /api/clients/{clientId}/projects/ (the Client properties page: active properties first) and
 * GET /api/projects/{id}/units/ (the create-request form's unit list), for the client's managers
 * and staff.
 */
export async function clientProjectRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireSignedIn);

  const clientProjectsSchema = {
    summary: "A client's properties, active ones first",
    params: z.object({ clientId: recordIdSchema }),
    response: { ...errorResponses, 200: clientProjectListSchema },
  };
  const clientProjectsOptions = {
    schema: clientProjectsSchema,
    preValidation: signedInFirst,
    config: { notFound: propertyNotFound(CLIENT_NOT_FOUND) },
  };
  api.get('/api/clients/:clientId/projects/', clientProjectsOptions, async (request) => {
    const user = requireSignedIn(request);
    const { clientId } = request.params;
    const [client] = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw propertyError(404, CLIENT_NOT_FOUND);
    if (!managesClient(user, clientId)) {
      throw propertyError(403, 'You do not have permission to view these properties.');
    }
    const rows = await app.db
      .select({
        id: projects.id,
        name: projects.name,
        address: projects.address,
        is_active: projects.isActive,
        thumbnailKey: projects.thumbnailKey,
        units: count(units.id),
      })
      .from(projects)
      .leftJoin(units, eq(units.projectId, projects.id))
      .where(eq(projects.clientId, clientId))
      .groupBy(projects.id)
      .orderBy(desc(projects.isActive), asc(projects.name), asc(projects.id));
    return rows.map(({ thumbnailKey, ...row }) => ({
      ...row,
      thumbnail: thumbnailKey ? fileUrl(thumbnailKey) : null,
    }));
  });

  const unitsSchema = {
    summary: "A property's units, for the create-request form",
    params: idParamsSchema,
    response: { ...errorResponses, 200: projectUnitListSchema },
  };
  const unitsOptions = {
    schema: unitsSchema,
    preValidation: signedInFirst,
    config: { notFound: propertyNotFound(PROPERTY_NOT_FOUND) },
  };
  api.get('/api/projects/:id/units/', unitsOptions, async (request) => {
    const project = await requireManagedProject(app.db, requireSignedIn(request), request.params.id);
    // Numbers as written on the door ('101', '2B'): shorter first, so 99 comes before 101.
    return app.db
      .select({ id: units.id, number: units.number })
      .from(units)
      .where(eq(units.projectId, project.id))
      .orderBy(sql`length(${units.number})`, asc(units.number), asc(units.id));
  });
}
