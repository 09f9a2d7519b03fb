import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, requireUserType } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { requestLabel } from '#shared/display-names.ts';
import {
  businessLocationInputSchema,
  businessLocationSchema,
  mapSettingsSchema,
  type VendorVisitToday,
  vendorVisitsTodaySchema,
} from '#shared/places.ts';

const requireVendor = (request: FastifyRequest) => requireUserType(request, 'vendor');

interface VisitRow {
  id: number;
  request_id: number;
  number: number;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  property_name: string;
  city: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The vendor's map (/vendor/map, docs/decisions/job-places.md): where its tiles come from, today's
 * confirmed visits of the jobs awarded to it, and its business location (Settings), which nearby jobs
 * (GET /api/vendor/jobs/nearby/) measure from when no position is shared.
 */
export async function vendorMapRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/map-settings/',
    {
      schema: {
        summary: 'Where the map tiles come from (MAP_TILE_URL and its attribution)',
        response: { ...errorResponses, 200: mapSettingsSchema },
      },
      preValidation: checkFirst(requireUser),
    },
    async () => ({ tile_url: app.config.map.tileUrl, attribution: app.config.map.attribution }),
  );

  const location = {
    latitude: vendorProfiles.businessLatitude,
    longitude: vendorProfiles.businessLongitude,
  };
  const businessLocation = async (userId: number) => {
    const [row] = await app.db.select(location).from(vendorProfiles).where(eq(vendorProfiles.userId, userId));
    return row ?? { latitude: null, longitude: null };
  };

  api.get(
    '/api/vendor/business-location/',
    {
      schema: {
        summary: "The vendor's business location (null without one)",
        response: { ...errorResponses, 200: businessLocationSchema },
      },
      preValidation: checkFirst(requireVendor),
    },
    async (request) => businessLocation(requireVendor(request).id),
  );

  api.put(
    '/api/vendor/business-location/',
    {
      schema: {
        summary: "Sets or clears (both null) the vendor's business location",
        body: businessLocationInputSchema,
        response: { ...errorResponses, 200: businessLocationSchema },
      },
      preValidation: checkFirst(requireVendor),
    },
    async (request) => {
      const user = requireVendor(request);
      const { latitude, longitude } = request.body;
      // Staff have no vendor profile: nothing is written, and the answer says so (both null).
      await app.db
        .update(vendorProfiles)
        .set({
          businessLatitude: latitude ?? null,
          businessLongitude: longitude ?? null,
          updatedAt: sql`now()`,
        })
        .where(eq(vendorProfiles.userId, user.id));
      return businessLocation(user.id);
    },
  );

  api.get(
    '/api/vendor/visits/today/',
    {
      schema: {
        summary: "Today's confirmed visits of the vendor's awarded jobs, earliest first",
        response: { ...errorResponses, 200: vendorVisitsTodaySchema },
      },
      preValidation: checkFirst(requireVendor),
    },
    async (request) => {
      const user = requireVendor(request);
      // "Today" is the property's own day: a visit at 23:30 in Denver is today's there.
      const rows = await queryRows<VisitRow>(
        app.db,
        sql`
          select v.id, v.request_id, v.number, v.starts_at, v.ends_at, p.time_zone,
                 p.name as property_name, p.city, p.address, p.latitude, p.longitude
          from job_visits v
          join maintenance_requests r on r.id = v.request_id
          join bids b on b.id = r.awarded_bid_id
          join projects p on p.id = r.project_id
          where b.vendor_id = ${user.id}
            and v.status = 'confirmed'
            and v.starts_at is not null and v.ends_at is not null
            and (v.starts_at at time zone p.time_zone)::date = (now() at time zone p.time_zone)::date
          order by v.starts_at, v.id`,
      );
      const results: VendorVisitToday[] = rows.map((row) => ({
        id: row.id,
        request_id: row.request_id,
        name: `${requestLabel(row.request_id)}, visit ${row.number}`,
        starts_at: iso(row.starts_at),
        ends_at: iso(row.ends_at),
        time_zone: row.time_zone,
        property_name: row.property_name,
        city: row.city,
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
      }));
      return { results };
    },
  );
}
