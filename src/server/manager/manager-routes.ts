import type { FastifyInstance } from 'fastify';
import { managerDashboardRoutes } from './manager-dashboard-routes.ts';
import { managerRequestListRoutes } from './manager-request-list-routes.ts';
import { managerTeamRoutes } from './manager-team-routes.ts';

/** The property manager portal's own calls (signed-in spec, sections 2 and 7), registered in one line. */
export async function managerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(managerRequestListRoutes);
  await app.register(managerDashboardRoutes);
  await app.register(managerTeamRoutes);
}
