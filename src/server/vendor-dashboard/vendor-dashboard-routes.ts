import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { forbidden } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { vendorDashboardSchema } from '#shared/vendor-dashboard.ts';
import { loadVendorApproval } from './vendor-approval-store.ts';
import { loadVendorDashboard } from './vendor-dashboard-store.ts';

/** The dashboard is a vendor's own; staff have no bids to count. */
function requireVendor(request: FastifyRequest) {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

/**
 * GET /api/vendor/dashboard/: the vendor dashboard's stat cards and tabs from the vendor's own bids,
 * and whether staff have approved it (until then the screen says what is still missing).
 */
export async function vendorDashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "The vendor's dashboard: stat cards and the newest active bids, current and completed jobs",
    response: { ...errorResponses, 200: vendorDashboardSchema },
  };
  api.get('/api/vendor/dashboard/', { schema }, async (request) => {
    const user = requireVendor(request);
    const today = new Date().toISOString().slice(0, 10);
    return {
      ...(await loadVendorDashboard(app.db, user.id)),
      approval: await loadVendorApproval(app.db, user, today),
    };
  });
}
