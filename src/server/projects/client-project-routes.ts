import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients } from '../db/schema/clients.ts';
import { projects, units } from '../db/schema/projects.ts';
import { fileUrl } from '../lifecycle/request-progress.ts';
import {
  managesClient,
  parseId,
  propertyError,
  requireManagedProject,
  requireSignedIn,
} from './project-access.ts';

const CLIENT_NOT_FOUND = 'Client not found.';

/**
 * GET /api/clients/{clientId}/projects/ (the Client properties page: active properties first) and
 * GET /api/projects/{id}/units/ (the create-request form's unit list), for the client's managers
 * and staff.
 */
export async function clientProjectRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { clientId: string } }>('/api/clients/:clientId/projects/', async (request) => {
    const user = requireSignedIn(request);
    const clientId = parseId(request.params.clientId, CLIENT_NOT_FOUND);
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

  app.get<{ Params: { id: string } }>('/api/projects/:id/units/', async (request) => {
    const project = await requireManagedProject(app.db, request);
    // Numbers as written on the door ('101', '2B'): shorter first, so 99 comes before 101.
    return app.db
      .select({ id: units.id, number: units.number })
      .from(units)
      .where(eq(units.projectId, project.id))
      .orderBy(sql`length(${units.number})`, asc(units.number), asc(units.id));
  });
}
