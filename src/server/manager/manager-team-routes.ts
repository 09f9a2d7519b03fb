import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/users.ts';
import { personNameSql } from '../vendors/vendor-name.ts';
import { requireManagerScope } from './manager-scope.ts';

/**
 * GET /api/property-manager/team/: the Property Team screen, the users of the manager's client
 * (staff: every property manager). A manager without a client sees only itself.
 */
export async function managerTeamRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/property-manager/team/', async (request) => {
    const scope = requireManagerScope(request);
    const who = scope.all
      ? eq(users.type, 'property_manager')
      : scope.clientId === null
        ? eq(users.id, scope.user.id)
        : eq(users.clientId, scope.clientId);
    return app.db
      .select({
        id: users.id,
        name: personNameSql,
        email: users.email,
        job_title: users.jobTitle,
        last_login: users.lastLoginAt,
      })
      .from(users)
      .where(and(who, eq(users.isActive, true)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  });
}
