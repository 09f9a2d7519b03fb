import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { propertyManagerApplications as pma } from '#server/db/schema/applications.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import type { ManagerDashboard } from '#shared/manager-responses.ts';
import { type ManagerScope, projectsInScope, requestsInScope } from './manager-scope.ts';

// The property manager's dashboard (GET /api/property-manager/dashboard/) as read from the database.

/** How many rows each request tab holds (the spec's mock list kept the newest 10). */
const TAB_SIZE = 10;

async function requestTab(db: DbOrTx, where: SQL | undefined, order: SQL[]) {
  const rows = await db
    .select({
      id: mr.id,
      type: mr.type,
      property: projects.name,
      unit: units.number,
      createdAt: mr.createdAt,
      status: mr.status,
      priority: mr.priority,
    })
    .from(mr)
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .leftJoin(units, eq(units.id, mr.unitId))
    .where(where)
    .orderBy(...order)
    .limit(TAB_SIZE);
  // The spec's manager request carries `date` as YYYY-MM-DD (signed-in spec, section 3).
  return rows.map(({ createdAt, ...row }) => ({ ...row, date: createdAt.toISOString().slice(0, 10) }));
}

async function teamSize(db: DbOrTx, scope: ManagerScope): Promise<number> {
  const where = scope.all ? eq(users.type, 'property_manager') : eq(users.clientId, scope.clientId ?? -1);
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(where, eq(users.isActive, true)));
  // A manager without a client is a team of one.
  return scope.all || scope.clientId !== null ? (row?.total ?? 0) : 1;
}

/** The client's application while staff have not decided it (staff and clientless managers: none). */
async function applicationUnderReview(
  db: DbOrTx,
  scope: ManagerScope,
): Promise<ManagerDashboard['under_review']> {
  if (scope.all || scope.clientId === null) return null;
  const [row] = await db
    .select({ buildingName: pma.buildingName, submittedAt: pma.submittedAt })
    .from(pma)
    .where(and(eq(pma.clientId, scope.clientId), eq(pma.status, 'submitted')))
    .orderBy(desc(pma.id))
    .limit(1);
  return row
    ? { building_name: row.buildingName, submitted_at: row.submittedAt?.toISOString() ?? null }
    : null;
}

/** The dashboard of the scope: stats, properties and the three request tabs (newest 10 each). */
export async function loadManagerDashboard(db: DbOrTx, scope: ManagerScope): Promise<ManagerDashboard> {
  const inScope = requestsInScope(db, scope);
  const projectRows = await db
    .select({ id: projects.id, name: projects.name, address: projects.address, units: count(units.id) })
    .from(projects)
    .leftJoin(units, eq(units.projectId, projects.id))
    .where(projectsInScope(scope))
    .groupBy(projects.id)
    .orderBy(asc(projects.name), asc(projects.id));
  const openByProject = await db
    .select({ projectId: mr.projectId, total: count() })
    .from(mr)
    .innerJoin(projects, eq(projects.id, mr.projectId))
    .where(and(projectsInScope(scope), eq(mr.status, 'open')))
    .groupBy(mr.projectId);
  const overview = projectRows.map((project) => ({
    ...project,
    open_requests: openByProject.find((row) => row.projectId === project.id)?.total ?? 0,
  }));
  const [open] = await db
    .select({ total: count() })
    .from(mr)
    .where(and(inScope, eq(mr.status, 'open')));
  const newest = [desc(mr.createdAt), desc(mr.id)];
  return {
    stats: {
      properties: overview.length,
      open_requests: open?.total ?? 0,
      total_units: overview.reduce((sum, project) => sum + project.units, 0),
      team_members: await teamSize(db, scope),
    },
    properties_overview: overview,
    recent_requests: await requestTab(db, inScope, newest),
    in_progress: await requestTab(db, and(inScope, eq(mr.status, 'in_progress')), newest),
    completed: await requestTab(db, and(inScope, eq(mr.status, 'completed')), [
      sql`${mr.completedAt} desc nulls last`,
      ...newest,
    ]),
    under_review: await applicationUnderReview(db, scope),
  };
}
