import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/route-schemas.ts';
import { managerDashboardSchema } from '#shared/manager-responses.ts';
import { loadManagerDashboard } from './manager-dashboard-store.ts';
import { requireManagerScope } from './manager-scope.ts';

/** GET /api/property-manager/dashboard/: the dashboard's stats, properties and request tabs, from data. */
export async function managerDashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "The manager's dashboard: stats, properties and the newest requests by status",
    response: { ...errorResponses, 200: managerDashboardSchema },
  };
  api.get('/api/property-manager/dashboard/', { schema }, async (request) =>
    loadManagerDashboard(app.db, requireManagerScope(request)),
  );
}
