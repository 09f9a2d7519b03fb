import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from '#server/db/columns.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditDetails } from '#shared/admin-audit-log.ts';
import { users } from './users.ts';

/**
 * Staff actions (src/shared/admin-audit-log.ts), one row each, written in the action's own
 * transaction. Append-only: the migration adds triggers that refuse UPDATE, DELETE and TRUNCATE.
 * The target is named by type and id without a foreign key (it may be deleted by the very action
 * logged), with a label copied at the time; the actor's email is copied too.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    // No ON DELETE action: the trigger would refuse the cascade anyway, and accounts are
    // deactivated, never deleted.
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    details: jsonb('details').$type<AuditDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    check('audit_log_action_check', isOneOf(t.action, AUDIT_ACTIONS)),
    check('audit_log_target_type_check', isOneOf(t.targetType, AUDIT_TARGET_TYPES)),
  ],
);
