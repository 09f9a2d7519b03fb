import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses, noContent } from '#server/http/route-schemas.ts';
import {
  ADMIN_CLIENT_MESSAGES,
  adminClientDetailSchema,
  adminClientListQuerySchema,
  adminClientPageSchema,
  adminProjectSchema,
  adminUnitListSchema,
  projectInputSchema,
  unitsAddedSchema,
  unitsInputSchema,
} from '#shared/admin-clients.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import {
  addUnits,
  createProject,
  findClient,
  findProject,
  listClients,
  listUnits,
  removeUnit,
  updateProject,
} from './client-admin-store.ts';
import { projectThumbnailRoutes } from './project-thumbnail-routes.ts';

const { clientNotFound, propertyNotFound, unitNotFound } = ADMIN_CLIENT_MESSAGES;
/** The 404 of a malformed id: the same answer as an unknown one. */
const missing = (detail: string) => ({ notFound: { detail } });

/**
 * Staff manage clients' properties and units (DESIGN.md, "Beyond the spec"): a company that applied
 * has no property until staff add one here. Clients themselves come from the manager application.
 */
export async function clientAdminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(projectThumbnailRoutes);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);

  const listSchema = {
    summary: 'Clients (companies with property managers), by name, 10 a page',
    querystring: adminClientListQuerySchema,
    response: { ...errorResponses, 200: adminClientPageSchema },
  };
  api.get('/api/admin/clients/', { schema: listSchema, preValidation: staffFirst }, async (request) => {
    requireStaff(request);
    return listClients(app.db, request.query.page);
  });

  const clientSchema = {
    summary: 'One client with its properties',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminClientDetailSchema },
  };
  api.get(
    '/api/admin/clients/:id/',
    { schema: clientSchema, preValidation: staffFirst, config: missing(clientNotFound) },
    async (request) => {
      requireStaff(request);
      const client = await findClient(app.db, request.params.id);
      if (!client) throw notFound(clientNotFound);
      return client;
    },
  );

  const createSchema = {
    summary: 'Add a property to a client',
    params: idParamsSchema,
    body: projectInputSchema,
    response: { ...errorResponses, 201: adminProjectSchema },
  };
  api.post(
    '/api/admin/clients/:id/projects/',
    { schema: createSchema, preValidation: staffFirst, config: missing(clientNotFound) },
    async (request, reply) => {
      const staff = requireStaff(request);
      const project = await createProject(app.db, request.params.id, request.body, staff);
      if (!project) throw notFound(clientNotFound);
      return reply.status(201).send(project);
    },
  );

  const updateSchema = {
    summary: "Change a property's name, address, time zone or whether it is active",
    params: idParamsSchema,
    body: projectInputSchema,
    response: { ...errorResponses, 200: adminProjectSchema },
  };
  api.put(
    '/api/admin/projects/:id/',
    { schema: updateSchema, preValidation: staffFirst, config: missing(propertyNotFound) },
    async (request) => {
      const staff = requireStaff(request);
      const project = await updateProject(app.db, request.params.id, request.body, staff);
      if (!project) throw notFound(propertyNotFound);
      return project;
    },
  );

  const unitsSchema = {
    summary: "A property's units, with how many requests name each",
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminUnitListSchema },
  };
  api.get(
    '/api/admin/projects/:id/units/',
    { schema: unitsSchema, preValidation: staffFirst, config: missing(propertyNotFound) },
    async (request) => {
      requireStaff(request);
      const { id } = request.params;
      if (!(await findProject(app.db, id))) throw notFound(propertyNotFound);
      return { results: await listUnits(app.db, id) };
    },
  );

  const addUnitsSchema = {
    summary: 'Add units by number or range (201 when any was new, 200 when all were there)',
    params: idParamsSchema,
    body: unitsInputSchema,
    response: { ...errorResponses, 200: unitsAddedSchema, 201: unitsAddedSchema },
  };
  api.post(
    '/api/admin/projects/:id/units/',
    { schema: addUnitsSchema, preValidation: staffFirst, config: missing(propertyNotFound) },
    async (request, reply) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const project = await findProject(app.db, id);
      if (!project) throw notFound(propertyNotFound);
      const outcome = await addUnits(app.db, project, request.body.numbers, staff);
      return reply
        .status(outcome.added.length > 0 ? 201 : 200)
        .send({ results: await listUnits(app.db, id), ...outcome });
    },
  );

  const removeUnitSchema = {
    summary: 'Remove a unit no maintenance request names',
    params: idParamsSchema,
    response: { ...errorResponses, 204: noContent },
  };
  api.delete(
    '/api/admin/units/:id/',
    { schema: removeUnitSchema, preValidation: staffFirst, config: missing(unitNotFound) },
    async (request, reply) => {
      const staff = requireStaff(request);
      const removed = await removeUnit(app.db, request.params.id, staff);
      if (!removed) throw notFound(unitNotFound);
      if (removed.outcome === 'in_use') {
        throw new HttpError(409, {
          detail: ADMIN_CLIENT_MESSAGES.unitInUse(removed.number, removed.requests),
        });
      }
      return reply.status(204).send();
    },
  );
}
