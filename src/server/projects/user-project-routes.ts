import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff } from '#server/auth/guards.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { requireSignedIn } from '#server/request-core/project-access.ts';
import { type UserProject, userProjectListSchema } from '#shared/user-projects.ts';

const columns = { id: projects.id, name: projects.name, address: projects.address };

/**
 * GET /api/user/projects/: the properties of the top bar's dropdown (signed-in spec, sections 2 and 7).
 * Staff see every property; a manager the active properties of its client; a vendor the properties
 * where it holds an accepted bid (where it works, and whose manager its own requests go to).
 */
export async function userProjectRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    summary: "The properties of the top bar's dropdown",
    response: { ...errorResponses, 200: userProjectListSchema },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/user/projects/', { schema }, async (request): Promise<UserProject[]> => {
      // Like the other property calls, a refusal carries the spec's `error` field (section 7).
      const user = requireSignedIn(request);
      const order = [asc(projects.name), asc(projects.id)];
      if (isStaff(user))
        return app.db
          .select(columns)
          .from(projects)
          .orderBy(...order);
      if (user.type === 'property_manager') {
        if (user.clientId === null) return [];
        return app.db
          .select(columns)
          .from(projects)
          .where(and(eq(projects.clientId, user.clientId), eq(projects.isActive, true)))
          .orderBy(...order);
      }
      if (user.type === 'vendor') {
        const worked = app.db
          .selectDistinct({ projectId: mr.projectId })
          .from(bids)
          .innerJoin(mr, eq(mr.id, bids.requestId))
          .where(and(eq(bids.vendorId, user.id), eq(bids.status, 'accepted')));
        return app.db
          .select(columns)
          .from(projects)
          .where(inArray(projects.id, worked))
          .orderBy(...order);
      }
      return [];
    });
}
