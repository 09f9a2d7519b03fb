import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStaff, requireUserType } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';

/**
 * Whose data the manager portal shows: a property manager sees its client's properties and every
 * request on them (having raised a request gives nothing more: one raised for a former client is
 * that client's); staff see everything. Vendors are refused.
 */
export interface ManagerScope {
  user: UserRow;
  /** null for staff: no limit. */
  clientId: number | null;
  all: boolean;
}

export function requireManagerScope(request: FastifyRequest): ManagerScope {
  const user = requireUserType(request, 'property_manager');
  return { user, clientId: user.clientId, all: isStaff(user) };
}

/** The client's project ids as a subquery (none for a manager without a client). */
function clientProjectIds(db: DbOrTx, clientId: number) {
  return db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId));
}

/** Requests the scope may list. */
export function requestsInScope(db: DbOrTx, scope: ManagerScope): SQL | undefined {
  if (scope.all) return undefined;
  // A manager without a client manages no request: compare with an id no row has.
  return scope.clientId === null
    ? eq(mr.id, -1)
    : inArray(mr.projectId, clientProjectIds(db, scope.clientId));
}

/** Projects the scope may list. */
export function projectsInScope(scope: ManagerScope): SQL | undefined {
  if (scope.all) return undefined;
  // A manager without a client has no properties: compare with an id no row has.
  return eq(projects.clientId, scope.clientId ?? -1);
}
