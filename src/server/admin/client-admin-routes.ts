import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { projectInputSchema, unitsInputSchema } from '#shared/admin-clients.ts';
import { requireStaff } from '../auth/guards.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import {
  addUnits,
  CLIENT_PAGE_SIZE,
  createProject,
  findClient,
  findProject,
  listClients,
  listUnits,
  removeUnit,
  updateProject,
} from './client-admin-store.ts';
import { projectThumbnailRoutes } from './project-thumbnail-routes.ts';

const notFound = (what: string) => new HttpError(404, { detail: `${what} not found.` });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).catch(1) });

/** An id from the path: 1 to 9 digits, anything else is an unknown row. */
function idOf(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(what);
  return Number(raw);
}

type IdParams = { Params: { id: string } };

/**
 * Staff manage clients' properties and units (DESIGN.md, "Beyond the spec"): a company that applied
 * has no property until staff add one here. Clients themselves come from the manager application.
 */
export async function clientAdminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(projectThumbnailRoutes);

  app.get('/api/admin/clients/', async (request) => {
    requireStaff(request);
    const { page } = pageQuery.parse(request.query ?? {});
    const { items, total } = await listClients(app.db, page);
    return {
      results: items,
      count: total,
      total_pages: Math.max(1, Math.ceil(total / CLIENT_PAGE_SIZE)),
      current_page: page,
    };
  });

  app.get<IdParams>('/api/admin/clients/:id/', async (request) => {
    requireStaff(request);
    const client = await findClient(app.db, idOf(request.params.id, 'Client'));
    if (!client) throw notFound('Client');
    return client;
  });

  app.post<IdParams>('/api/admin/clients/:id/projects/', async (request, reply) => {
    const staff = requireStaff(request);
    const clientId = idOf(request.params.id, 'Client');
    const values = parseInput(projectInputSchema, request.body);
    const project = await createProject(app.db, clientId, values, staff);
    if (!project) throw notFound('Client');
    return reply.status(201).send(project);
  });

  app.put<IdParams>('/api/admin/projects/:id/', async (request) => {
    const staff = requireStaff(request);
    const id = idOf(request.params.id, 'Property');
    const values = parseInput(projectInputSchema, request.body);
    const project = await updateProject(app.db, id, values, staff);
    if (!project) throw notFound('Property');
    return project;
  });

  app.get<IdParams>('/api/admin/projects/:id/units/', async (request) => {
    requireStaff(request);
    const id = idOf(request.params.id, 'Property');
    if (!(await findProject(app.db, id))) throw notFound('Property');
    return { results: await listUnits(app.db, id) };
  });

  app.post<IdParams>('/api/admin/projects/:id/units/', async (request, reply) => {
    const staff = requireStaff(request);
    const id = idOf(request.params.id, 'Property');
    const { numbers } = parseInput(unitsInputSchema, request.body);
    const project = await findProject(app.db, id);
    if (!project) throw notFound('Property');
    const outcome = await addUnits(app.db, project, numbers, staff);
    return reply
      .status(outcome.added.length > 0 ? 201 : 200)
      .send({ results: await listUnits(app.db, id), ...outcome });
  });

  app.delete<IdParams>('/api/admin/units/:id/', async (request, reply) => {
    const staff = requireStaff(request);
    const removed = await removeUnit(app.db, idOf(request.params.id, 'Unit'), staff);
    if (!removed) throw notFound('Unit');
    if (removed.outcome === 'in_use') {
      const requests =
        removed.requests === 1 ? '1 maintenance request' : `${removed.requests} maintenance requests`;
      throw new HttpError(409, {
        detail: `Unit ${removed.number} is named by ${requests}, so it cannot be removed.`,
      });
    }
    return reply.status(204).send();
  });
}
