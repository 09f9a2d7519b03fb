import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_LOG_MESSAGES, auditLogQuerySchema } from '#shared/admin-audit-log.ts';
import { requireStaff } from '../auth/guards.ts';
import { forbidden, parseInput } from '../http/http-error.ts';
import { listAuditLog } from './audit-log-store.ts';

/** Superusers only: the log also records what other staff did, so staff do not read it about themselves. */
function requireSuperuser(request: FastifyRequest) {
  const user = requireStaff(request);
  if (!user.isSuperuser) throw forbidden(AUDIT_LOG_MESSAGES.superuserOnly);
  return user;
}

/**
 * GET /api/admin/audit-log/?page&action&actor&from&to: the staff actions, newest first, 20 a page
 * (contract in src/shared/admin-audit-log.ts). Read only: the log has no route that changes it.
 */
export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/audit-log/', async (request) => {
    requireSuperuser(request);
    return listAuditLog(app.db, parseInput(auditLogQuerySchema, request.query));
  });
}
