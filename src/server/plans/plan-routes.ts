import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { plans } from '#server/db/schema/plans.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { planListSchema } from '#shared/vendor-application.ts';

/** GET /api/vendor-plans/: the active plans in their order (public spec, sections 3 and 7). */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    summary: 'The subscription plans a vendor can choose, in their order',
    security: PUBLIC,
    response: { ...errorResponses, 200: planListSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/api/vendor-plans/', { schema }, async () =>
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
