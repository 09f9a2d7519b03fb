import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/route-schemas.ts';
import { teamSchema } from '#shared/manager-responses.ts';
import { requireManagerScope } from './manager-scope.ts';
import { listTeam } from './manager-team-store.ts';

/**
 * GET /api/property-manager/team/: the Property Team screen, the users of the manager's client
 * (staff: every property manager). A manager without a client sees only itself.
 */
export async function managerTeamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "The active users of the manager's client (the Property Team)",
    response: { ...errorResponses, 200: teamSchema },
  };
  api.get('/api/property-manager/team/', { schema }, async (request) =>
    listTeam(app.db, requireManagerScope(request)),
  );
}
