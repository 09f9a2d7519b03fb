import { and, asc, count, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '#server/audit/audit-log-store.ts';
import { SESSION_POLICY } from '#server/auth/session-store.ts';
import { withdrawBidsOfVendor } from '#server/bids/vendor-bid-withdrawal.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { clients } from '#server/db/schema/clients.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { everyWordIn } from '#server/db/word-search.ts';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserRole,
  adminUserName,
  mayManageAccount,
} from '#shared/admin-users.ts';
import type { ListPage } from '#shared/list-query.ts';

// Every account as staff manage it in /admin/users: a list, one user, deactivate and reactivate.

const staffSql = or(eq(users.isStaff, true), eq(users.isSuperuser, true))!;

/** The role the console shows (staff before the account type), as a filter. */
function roleFilter(role: AdminUserRole | undefined): SQL | undefined {
  if (!role) return undefined;
  if (role === 'staff') return staffSql;
  return and(eq(users.type, role), eq(users.isStaff, false), eq(users.isSuperuser, false));
}

/** The manager's client or the vendor's company (staff have neither). */
const company = sql<string | null>`coalesce(${vendorProfiles.companyName}, ${clients.name})`;

/**
 * Every word must appear in the name, the address or the company (any case), so "rita reset"
 * finds Rita Reset. LIKE's wildcards in the text are taken literally.
 */
function searchFilter(search: string | undefined): SQL | undefined {
  return everyWordIn(
    sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || coalesce(${company}, ''))`,
    search,
  );
}

const listColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  type: users.type,
  isStaff: users.isStaff,
  isSuperuser: users.isSuperuser,
  isActive: users.isActive,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  company,
};
interface ListRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  type: 'property_manager' | 'vendor' | null;
  isStaff: boolean;
  isSuperuser: boolean;
  isActive: boolean;
  emailConfirmedAt: Date | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  company: string | null;
}

function toAdminUser(row: ListRow): AdminUser {
  return {
    id: row.id,
    name: adminUserName({ first_name: row.firstName, last_name: row.lastName, email: row.email }),
    email: row.email,
    role: row.isStaff || row.isSuperuser ? 'staff' : row.type,
    company: row.isStaff || row.isSuperuser ? null : row.company,
    is_active: row.isActive,
    email_confirmed: row.emailConfirmedAt !== null,
    date_joined: row.createdAt.toISOString(),
    last_login: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

export async function listUsers(db: DbOrTx, query: AdminUserListQuery): Promise<ListPage<AdminUser>> {
  const where = and(
    searchFilter(query.search),
    roleFilter(query.type),
    query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
  );
  return readListPage(
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
      .where(where),
    db
      .select(listColumns)
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id)),
    { page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE },
    toAdminUser,
  );
}

/** Signed-in sessions the session check would still accept (neither expired nor idle too long). */
function liveSessionsOf(userId: number, now: Date): SQL {
  const idleSince = new Date(now.getTime() - SESSION_POLICY.userIdleMs);
  return and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince))!;
}

export async function findUser(db: DbOrTx, id: number, callerId: number): Promise<AdminUserDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      jobTitle: users.jobTitle,
      phoneNumber: users.phoneNumber,
      clientId: users.clientId,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return null;
  const [live] = await db.select({ total: count() }).from(sessions).where(liveSessionsOf(id, new Date()));
  return {
    ...toAdminUser(row),
    first_name: row.firstName,
    last_name: row.lastName,
    job_title: row.jobTitle,
    phone_number: row.phoneNumber,
    is_superuser: row.isSuperuser,
    email_confirmed_at: row.emailConfirmedAt ? row.emailConfirmedAt.toISOString() : null,
    has_password: row.hasPassword,
    client_id: row.clientId,
    active_sessions: live?.total ?? 0,
    is_self: row.id === callerId,
  };
}

export type ActiveChange = 'changed' | 'unchanged' | 'missing' | 'superuser_only' | 'last_superuser';

/** Who acts on an account: audited, and whether they may act on staff accounts. */
export interface UserAdminActor extends AuditActor {
  isSuperuser: boolean;
}

/**
 * Sets `is_active` only when it differs (the update is guarded by the current value, so two staff
 * acting at once cannot both "change" it). A staff account is a superuser's to change
 * (mayManageAccount). The last active superuser is never deactivated: every active superuser's row
 * is locked first, in id order (so two such transactions queue rather than deadlock), and counted
 * under the lock, so two superusers deactivating each other at once cannot both succeed: the second
 * waits, then finds itself the last. Deactivating also deletes every session of the user in the
 * same transaction: the session check refuses inactive users anyway, and deleting makes the sign-out
 * immediate and visible in the drawer's session count. A change is audited in it too.
 */
export async function setUserActive(
  db: DbOrTx,
  id: number,
  active: boolean,
  actor: UserAdminActor,
): Promise<ActiveChange> {
  return db.transaction(async (tx) => {
    // The flags are set by no route, so they are read without a lock.
    const [target] = await tx
      .select({ isStaff: users.isStaff, isSuperuser: users.isSuperuser })
      .from(users)
      .where(eq(users.id, id));
    if (!target) return 'missing';
    if (!mayManageAccount(actor.isSuperuser, target.isStaff || target.isSuperuser)) return 'superuser_only';
    if (!active && target.isSuperuser) {
      const live = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for('update');
      if (live.length === 1 && live[0]!.id === id) return 'last_superuser';
    }
    const [updated] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isActive, !active)))
      .returning({ id: users.id, email: users.email, type: users.type });
    if (!updated) return 'unchanged';
    const ended = active
      ? []
      : await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    // A deactivated vendor's pending bids go with it (their managers are told); reactivating
    // does not bring them back.
    if (!active && updated.type === 'vendor') await withdrawBidsOfVendor(tx, id);
    await recordAudit(tx, actor, {
      action: active ? 'user.reactivate' : 'user.deactivate',
      target: { type: 'user', id, label: updated.email },
      details: active ? null : { sessions_ended: ended.length },
    });
    return 'changed';
  });
}

/** The account a reset link goes to, or null. */
export async function findResetTarget(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; email: string; isActive: boolean; isStaff: boolean } | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isActive: users.isActive,
      isStaff: sql<boolean>`${staffSql}`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
