import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff, requireUserType } from '#server/auth/guards.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { workQueueSchema } from '#shared/work-queue.ts';
import { loadWorkQueue } from './work-queue-store.ts';

/**
 * GET /api/property-manager/work-queue/: the manager dashboard's "Needs you" (docs/decisions/manager-work-queue.md).
 * Property managers only (vendors 403, signed out 401); staff pass the check, as on every manager
 * call, and get an empty queue: they manage every client's requests and wait on none of them.
 */
export async function workQueueRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary:
      'What waits on the manager: bids to review, completions and visits to confirm, overdue work, unanswered messages',
    response: { ...errorResponses, 200: workQueueSchema },
  };
  api.get('/api/property-manager/work-queue/', { schema }, async (request) => {
    const user = requireUserType(request, 'property_manager');
    return loadWorkQueue(app.db, isStaff(user) ? null : user.clientId, new Date());
  });
}
