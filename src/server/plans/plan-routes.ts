import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plans } from '../db/schema/plans.ts';

/** GET /api/vendor-plans/: the active plans in their order (public spec, sections 3 and 7). */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/vendor-plans/', async () =>
    app.db
      .select({
        id: plans.id,
        name: plans.name,
        price: plans.price,
        frequency: plans.frequency,
        description: plans.description,
      })
      .from(plans)
      .where(eq(plans.isActive, true))
      .orderBy(asc(plans.sortOrder), asc(plans.id)),
  );
}
