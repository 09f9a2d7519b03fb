import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';
import { personNameSql } from '#server/vendors/vendor-name.ts';
import type { TeamMember } from '#shared/manager-responses.ts';
import type { ManagerScope } from './manager-scope.ts';

/**
 * The Property Team: the active users of the manager's client (staff: every property manager); a
 * manager without a client sees only itself.
 */
export async function listTeam(db: DbOrTx, scope: ManagerScope): Promise<TeamMember[]> {
  const who = scope.all
    ? eq(users.type, 'property_manager')
    : scope.clientId === null
      ? eq(users.id, scope.user.id)
      : eq(users.clientId, scope.clientId);
  const rows = await db
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
  return rows.map((row) => ({ ...row, last_login: row.last_login?.toISOString() ?? null }));
}
