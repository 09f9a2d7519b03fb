import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { bids } from '#server/db/schema/bids.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { insuranceState } from '#shared/insurance-state.ts';
import {
  type VendorDirectoryEntry,
  vendorDirectoryQuerySchema,
  vendorDirectorySchema,
} from '#shared/vendor-directory.ts';
import { vendorNameSql } from './vendor-name.ts';

/**
 * GET /api/vendors/ (signed-in spec, section 7): every active vendor with a profile staff have
 * approved (vendor_profiles.approved_at), by name, for anyone signed in (the manager's Vendors
 * screen and both request forms' invite lists, the vendor's included). A vendor under review is
 * offered to no one (an invitation to it is refused: requests/invited-vendors.ts).
 */
export async function vendorListRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    summary: 'Every active, approved vendor, by name (optionally of one trade)',
    querystring: vendorDirectoryQuerySchema,
    response: { ...errorResponses, 200: vendorDirectorySchema },
  };
  const options = { schema, preValidation: checkFirst(requireUser) };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/vendors/', options, async (request): Promise<VendorDirectoryEntry[]> => {
      requireUser(request);
      const query = request.query;
      const rows = await app.db
        .select({
          id: users.id,
          name: vendorNameSql,
          service_categories: vendorProfiles.serviceCategories,
          certificateKey: vendorProfiles.insuranceCertificateKey,
          expiresOn: vendorProfiles.insuranceExpiresOn,
        })
        .from(vendorProfiles)
        .innerJoin(users, eq(users.id, vendorProfiles.userId))
        .where(
          and(
            eq(users.type, 'vendor'),
            eq(users.isActive, true),
            isNotNull(vendorProfiles.approvedAt),
            query.category
              ? sql`${vendorProfiles.serviceCategories} @> array[${query.category}]::text[]`
              : undefined,
          ),
        )
        .orderBy(asc(vendorNameSql), asc(users.id));
      // Completed jobs: completed requests whose awarded bid is the vendor's.
      const completed = await app.db
        .select({ vendorId: bids.vendorId, total: count() })
        .from(mr)
        .innerJoin(bids, eq(bids.id, mr.awardedBidId))
        .where(eq(mr.status, 'completed'))
        .groupBy(bids.vendorId);
      const today = new Date().toISOString().slice(0, 10);
      return rows.map(({ certificateKey, expiresOn, ...row }) => {
        // Read as the vendor's Settings read it: the file is the certificate, the date is its.
        const status = insuranceState(certificateKey !== null, expiresOn, today);
        return {
          ...row,
          completed_jobs: completed.find((entry) => entry.vendorId === row.id)?.total ?? 0,
          insurance: { status, expires_on: certificateKey === null ? null : expiresOn },
        };
      });
    });
}
