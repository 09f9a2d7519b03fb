import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff, requireUserType } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { requestViewer } from '#server/request-core/request-viewer.ts';
import { type NearbyJobs, nearbyJobsQuerySchema, nearbyJobsSchema, PLACE_MESSAGES } from '#shared/places.ts';
import { loadNearbyJobs, type Origin } from './nearby-jobs-store.ts';

const requireVendor = (request: FastifyRequest) => requireUserType(request, 'vendor');

/**
 * GET /api/vendor/jobs/nearby/: the open jobs the vendor may see nearest the position it shares, or
 * its business location (Settings) without one (docs/decisions/job-places.md). Never cached: the
 * answer is the vendor's position's, which the jobs list's caches know nothing of.
 */
export async function nearbyJobRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Open jobs the vendor may see, nearest first, with their distance',
    querystring: nearbyJobsQuerySchema,
    response: { ...errorResponses, 200: nearbyJobsSchema },
  };
  api.get(
    '/api/vendor/jobs/nearby/',
    { schema, preValidation: checkFirst(requireVendor) },
    async (request) => {
      const user = requireVendor(request);
      const { latitude, longitude, within_km } = request.query;
      let origin: (Origin & { source: 'position' | 'business' }) | undefined;
      if (latitude !== undefined && longitude !== undefined)
        origin = { latitude, longitude, source: 'position' };
      else {
        const [profile] = await app.db
          .select({ latitude: vendorProfiles.businessLatitude, longitude: vendorProfiles.businessLongitude })
          .from(vendorProfiles)
          .where(eq(vendorProfiles.userId, user.id));
        if (profile?.latitude != null && profile.longitude != null) {
          origin = { latitude: profile.latitude, longitude: profile.longitude, source: 'business' };
        }
      }
      if (!origin) throw new HttpError(400, { detail: PLACE_MESSAGES.noPosition });
      const viewer = await requestViewer(request);
      const answer: NearbyJobs = { origin, within_km, results: [] };
      // A vendor staff have not approved sees no job (as in the jobs list).
      if (viewer.awaitingApproval) return answer;
      answer.results = await loadNearbyJobs(app.db, viewer, origin, within_km, new Date(), isStaff(user));
      return answer;
    },
  );
}
