import type { FastifyInstance } from 'fastify';
import { planInputSchema } from '#shared/admin-plans.ts';
import { requireStaff } from '../auth/guards.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { createPlan, listAdminPlans, removePlan, updatePlan } from './admin-plan-store.ts';

const BASE = '/api/admin/plans';
const planNotFound = () => new HttpError(404, { detail: 'Plan not found.' });

/** A plan id from the path: 1 to 9 digits, anything else is an unknown plan. */
function planId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw planNotFound();
  return Number(raw);
}

/**
 * Staff edit the vendor plans (DESIGN.md, "Beyond the spec": the admin site manages plans). The list
 * has the usual paged shape with every plan on one page; there are only ever a handful. A plan that
 * anything refers to is deactivated rather than deleted.
 */
export async function planAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${BASE}/`, async (request) => {
    requireStaff(request);
    const results = await listAdminPlans(app.db);
    return { results, count: results.length, total_pages: 1, current_page: 1 };
  });

  app.post(`${BASE}/`, async (request, reply) => {
    const staff = requireStaff(request);
    const values = parseInput(planInputSchema, request.body);
    return reply.status(201).send(await createPlan(app.db, values, staff));
  });

  app.put<{ Params: { id: string } }>(`${BASE}/:id/`, async (request) => {
    const staff = requireStaff(request);
    const id = planId(request.params.id);
    const values = parseInput(planInputSchema, request.body);
    const plan = await updatePlan(app.db, id, values, staff);
    if (!plan) throw planNotFound();
    return plan;
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id/`, async (request, reply) => {
    const staff = requireStaff(request);
    const removed = await removePlan(app.db, planId(request.params.id), staff);
    if (!removed) throw planNotFound();
    if (removed.outcome === 'deleted') return reply.status(204).send();
    return { deactivated: true, plan: removed.plan };
  });
}
