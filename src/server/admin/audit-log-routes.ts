import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAuditLog } from '#server/audit/audit-log-store.ts';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { forbidden } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { AUDIT_LOG_MESSAGES, auditLogPageSchema, auditLogQuerySchema } from '#shared/admin-audit-log.ts';

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Staff actions, newest first, 20 a page (superusers only)',
    querystring: auditLogQuerySchema,
    response: { ...errorResponses, 200: auditLogPageSchema },
  };
  api.get(
    '/api/admin/audit-log/',
    { schema, preValidation: checkFirst(requireSuperuser) },
    async (request) => {
      requireSuperuser(request);
      return listAuditLog(app.db, request.query);
    },
  );
}
