import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { notFound } from '#server/http/http-error.ts';
import { errorResponses, noContent } from '#server/http/route-schemas.ts';
import {
  adminPlanListSchema,
  adminPlanSchema,
  PLAN_MESSAGES,
  planDeactivatedSchema,
  planInputSchema,
} from '#shared/admin-plans.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { createPlan, listAdminPlans, removePlan, updatePlan } from './admin-plan-store.ts';

const BASE = '/api/admin/plans';

/**
 * Staff edit the vendor plans (DESIGN.md, "Beyond the spec": the admin site manages plans). The list
 * has the usual paged shape with every plan on one page; there are only ever a handful. A plan that
 * anything refers to is deactivated rather than deleted.
 */
export async function planAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const planConfig = { notFound: { detail: PLAN_MESSAGES.notFound } };

  const listSchema = {
    summary: 'Every vendor plan, offered or not, in its order (one page)',
    response: { ...errorResponses, 200: adminPlanListSchema },
  };
  api.get(`${BASE}/`, { schema: listSchema }, async (request) => {
    requireStaff(request);
    const results = await listAdminPlans(app.db);
    return { results, count: results.length, total_pages: 1, current_page: 1 };
  });

  const createSchema = {
    summary: 'Add a vendor plan',
    body: planInputSchema,
    response: { ...errorResponses, 201: adminPlanSchema },
  };
  api.post(`${BASE}/`, { schema: createSchema, preValidation: staffFirst }, async (request, reply) => {
    const staff = requireStaff(request);
    return reply.status(201).send(await createPlan(app.db, request.body, staff));
  });

  const updateSchema = {
    summary: 'Change a vendor plan (every field)',
    params: idParamsSchema,
    body: planInputSchema,
    response: { ...errorResponses, 200: adminPlanSchema },
  };
  api.put(
    `${BASE}/:id/`,
    { schema: updateSchema, preValidation: staffFirst, config: planConfig },
    async (request) => {
      const staff = requireStaff(request);
      const plan = await updatePlan(app.db, request.params.id, request.body, staff);
      if (!plan) throw notFound(PLAN_MESSAGES.notFound);
      return plan;
    },
  );

  const removeSchema = {
    summary: 'Delete a plan nothing refers to (204), or deactivate one in use (200)',
    params: idParamsSchema,
    response: { ...errorResponses, 200: planDeactivatedSchema, 204: noContent },
  };
  api.delete(
    `${BASE}/:id/`,
    { schema: removeSchema, preValidation: staffFirst, config: planConfig },
    async (request, reply) => {
      const staff = requireStaff(request);
      const removed = await removePlan(app.db, request.params.id, staff);
      if (!removed) throw notFound(PLAN_MESSAGES.notFound);
      if (removed.outcome === 'deleted') return reply.status(204).send();
      return { deactivated: true as const, plan: removed.plan };
    },
  );
}
