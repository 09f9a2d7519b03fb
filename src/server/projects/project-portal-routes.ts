import type { FastifyInstance } from 'fastify';
import { clientProjectRoutes } from './client-project-routes.ts';
import { projectHistoryRoutes } from './project-history-routes.ts';

/** The manager portal's property calls (client properties, units, maintenance history), in one line. */
export async function projectPortalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(clientProjectRoutes);
  await app.register(projectHistoryRoutes);
}
