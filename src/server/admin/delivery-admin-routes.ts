import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { adminDeliveryPageSchema, adminDeliveryQuerySchema } from '#shared/admin-deliveries.ts';
import { listDeliveries } from './delivery-admin-store.ts';

/**
 * GET /api/admin/notification-deliveries/?page&channel&status: every notification's way out by
 * email, SMS and push, newest first, for staff: status, attempts, the last failure's
 * reason, and for email the outbox mail's own status (delivery-admin-store.ts).
 */
export async function deliveryAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "Notifications' deliveries by email, SMS and push, newest first, with totals per channel",
    querystring: adminDeliveryQuerySchema,
    response: { ...errorResponses, 200: adminDeliveryPageSchema },
  };
  api.get(
    '/api/admin/notification-deliveries/',
    { schema, preValidation: checkFirst(requireStaff) },
    async (request) => {
      requireStaff(request);
      return listDeliveries(app.db, request.query);
    },
  );
}
