import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { users } from '#server/db/schema/users.ts';
import { everyWordIn } from '#server/db/word-search.ts';
import {
  AUDIT_LOG_PAGE_SIZE,
  type AuditAction,
  type AuditChange,
  type AuditDetails,
  type AuditEntry,
  type AuditLogQuery,
  type AuditTargetType,
} from '#shared/admin-audit-log.ts';
import type { ListPage } from '#shared/list-query.ts';

// The audit log of staff actions: writing an entry inside an action's transaction, and the list.

/** Who acted: the signed-in staff member (a session's user row has both). */
export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: number; label: string };
  details?: AuditDetails | null;
}

/**
 * Appends one entry. Pass the action's own transaction, so the entry commits exactly when the
 * action does (a refused or failed action rolls both back).
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    details: record.details ?? null,
  });
}

/** The fields `after` changed from `before` ({field: {from, to}}), or null when none did. */
export function changedFields<Values extends object>(
  before: Values,
  after: Values,
): Record<string, AuditChange> | null {
  const changes: Record<string, AuditChange> = {};
  for (const key of Object.keys(after) as Array<keyof Values & string>) {
    if (!Object.is(before[key], after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

const actorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/**
 * Every word must appear in the actor's email as copied into the entry or in their name now, any
 * case; LIKE's wildcards in the text are taken literally.
 */
function actorFilter(actor: string | undefined): SQL | undefined {
  return everyWordIn(
    sql`(${auditLog.actorEmail} || ' ' || ${users.firstName} || ' ' || ${users.lastName})`,
    actor,
  );
}

/** Newest first, 20 a page, filtered by action, actor and time range (`before` is exclusive). */
export async function listAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<ListPage<AuditEntry>> {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    actorFilter(query.actor),
    query.from ? gte(auditLog.createdAt, query.from) : undefined,
    query.before ? lt(auditLog.createdAt, query.before) : undefined,
  );
  return readListPage(
    db
      .select({ total: count() })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
    db
      .select({ entry: auditLog, actorName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    { page: query.page, pageSize: AUDIT_LOG_PAGE_SIZE },
    ({ entry, actorName: name }) => ({
      id: entry.id,
      action: entry.action,
      created_at: entry.createdAt.toISOString(),
      actor: { id: entry.actorId, email: entry.actorEmail, name },
      target: { type: entry.targetType, id: entry.targetId, label: entry.targetLabel },
      details: entry.details,
    }),
  );
}
