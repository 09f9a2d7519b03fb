import { z } from 'zod';

/*
 * Where properties and vendors are (docs/decisions/job-places.md): WGS 84 degrees typed once by
 * staff or the vendor (no geocoding service is called), the nearby jobs answer, and the links to a
 * phone's map app.
 */

export const PLACE_MESSAGES = {
  latitude: 'Enter a latitude between -90 and 90.',
  longitude: 'Enter a longitude between -180 and 180.',
  bothOrNeither: 'Enter both latitude and longitude, or neither.',
  cityLength: 'Keep the city to 80 characters or fewer.',
  noPosition: 'Share your position or set your business location in Settings.',
  hint: 'Find them once on any map: right-click the building.',
} as const;

/** Nearby jobs: the default and largest radius, and the most jobs one answer lists. */
export const NEARBY_DEFAULT_KM = 50;
export const NEARBY_MAX_KM = 500;
export const NEARBY_LIMIT = 50;

/** A form field arrives as text: '' means "not given"; otherwise degrees within ±`limit`. */
const degrees = (limit: 90 | 180, message: string) =>
  z.preprocess(
    (value) =>
      value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value,
    z.number({ error: message }).min(-limit, message).max(limit, message).nullable(),
  );

export const latitudeField = degrees(90, PLACE_MESSAGES.latitude);
export const longitudeField = degrees(180, PLACE_MESSAGES.longitude);

/** Both coordinates or neither: the message goes under whichever is missing. */
export function bothOrNeither(
  input: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
): void {
  const hasLatitude = input.latitude !== null && input.latitude !== undefined;
  const hasLongitude = input.longitude !== null && input.longitude !== undefined;
  if (hasLatitude === hasLongitude) return;
  ctx.addIssue({
    code: 'custom',
    path: [hasLatitude ? 'longitude' : 'latitude'],
    message: PLACE_MESSAGES.bothOrNeither,
  });
}

/** GET /api/vendor/jobs/nearby/: a position (both or neither) and a radius in kilometres. */
export const nearbyJobsQuerySchema = z
  .object({
    latitude: z.coerce
      .number({ error: PLACE_MESSAGES.latitude })
      .min(-90, PLACE_MESSAGES.latitude)
      .max(90, PLACE_MESSAGES.latitude)
      .optional(),
    longitude: z.coerce
      .number({ error: PLACE_MESSAGES.longitude })
      .min(-180, PLACE_MESSAGES.longitude)
      .max(180, PLACE_MESSAGES.longitude)
      .optional(),
    within_km: z.coerce
      .number({ error: `Enter a distance between 1 and ${NEARBY_MAX_KM} km.` })
      .min(1, `Enter a distance between 1 and ${NEARBY_MAX_KM} km.`)
      .max(NEARBY_MAX_KM, `Enter a distance between 1 and ${NEARBY_MAX_KM} km.`)
      .default(NEARBY_DEFAULT_KM),
  })
  .superRefine(bothOrNeither);
export type NearbyJobsQuery = z.infer<typeof nearbyJobsQuerySchema>;

/** One job of the nearby answer: what a card needs, and where its property is (3 decimals, ~100 m). */
export const nearbyJobSchema = z.object({
  id: z.number().int(),
  /** 'Request #43' (src/shared/display-names.ts). */
  name: z.string(),
  service_type: z.string(),
  priority: z.string(),
  status: z.string(),
  description: z.string(),
  property_name: z.string(),
  city: z.string(),
  distance_km: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  /** The vendor has a bid on it (any status). */
  has_bid: z.boolean(),
});
export type NearbyJob = z.infer<typeof nearbyJobSchema>;

export const nearbyJobsSchema = z.object({
  /** Where distances are measured from: the shared position or the business location. */
  origin: z.object({ latitude: z.number(), longitude: z.number(), source: z.enum(['position', 'business']) }),
  within_km: z.number(),
  results: z.array(nearbyJobSchema),
});
export type NearbyJobs = z.infer<typeof nearbyJobsSchema>;

/** "Aspen Ridge Apartments · Denver", or the name alone when the city is not known. */
export const propertyPlace = (name: string, city: string): string => (city ? `${name} · ${city}` : name);

/** A phone's map app, directions to the property: its coordinates when known, else its address. */
export function directionsUrl(place: {
  latitude?: number | null;
  longitude?: number | null;
  address: string;
}): string {
  const destination =
    place.latitude !== null &&
    place.latitude !== undefined &&
    place.longitude !== null &&
    place.longitude !== undefined
      ? `${place.latitude},${place.longitude}`
      : encodeURIComponent(place.address);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** A distance as shown: '3.2 km'. */
export const formatKm = (km: number): string => `${km.toFixed(1)} km`;

/** GET /api/map-settings/: where the map's tiles come from (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export const mapSettingsSchema = z.object({
  /** A Leaflet tile template: `{z}`, `{x}`, `{y}` (and `{s}` for a subdomain). */
  tile_url: z.string(),
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/** One of today's confirmed visits of the vendor's awarded jobs, for its map. */
export const vendorVisitTodaySchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  /** 'Request #43, visit 2'. */
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The property's IANA zone: the times are shown in it. */
  time_zone: z.string(),
  property_name: z.string(),
  city: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type VendorVisitToday = z.infer<typeof vendorVisitTodaySchema>;

/** GET /api/vendor/visits/today/: earliest first. */
export const vendorVisitsTodaySchema = z.object({ results: z.array(vendorVisitTodaySchema) });
export type VendorVisitsToday = z.infer<typeof vendorVisitsTodaySchema>;

/** Degrees as typed, required: '' or null means none; a missing field is refused. */
const givenDegrees = (limit: 90 | 180, message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: message }).min(-limit, message).max(limit, message).nullable(),
  );

/** PUT /api/vendor/business-location/: both coordinates, or neither ('' or null) to clear them. */
export const businessLocationInputSchema = z
  .object({
    latitude: givenDegrees(90, PLACE_MESSAGES.latitude),
    longitude: givenDegrees(180, PLACE_MESSAGES.longitude),
  })
  .superRefine(bothOrNeither);
export type BusinessLocationInput = z.input<typeof businessLocationInputSchema>;

/** GET and PUT /api/vendor/business-location/: where nearby jobs are measured from without a position. */
export const businessLocationSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type BusinessLocation = z.infer<typeof businessLocationSchema>;
