import { sql } from 'drizzle-orm';
import { textArrayLiteral } from '#server/db/array-literal.ts';
import type { Db } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { vendorSeesRequest } from '#server/request-core/vendor-visibility-sql.ts';
import { isServiceCategory } from '#shared/categories.ts';
import { requestLabel } from '#shared/display-names.ts';
import { NEARBY_LIMIT, type NearbyJob } from '#shared/places.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';

// Nearby jobs (GET /api/vendor/jobs/nearby/): open jobs the vendor may see, nearest property first.

const EARTH_RADIUS_KM = 6371;
/** Kilometres in one degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.32;

export interface Origin {
  latitude: number;
  longitude: number;
}

/**
 * The box of whole degrees around `origin` that holds every point within `km`: latitude ± km/111,
 * longitude widened by 1/cos of the box's latitude farthest from the equator; near a pole or across
 * the antimeridian, every longitude.
 */
export function boundingBox(origin: Origin, km: number) {
  const dLat = km / KM_PER_DEGREE;
  // The box's latitude farthest from the equator, where a degree of longitude is shortest.
  const farthest = Math.abs(origin.latitude) + dLat;
  const dLng = farthest >= 89 ? 180 : km / (KM_PER_DEGREE * Math.cos((farthest * Math.PI) / 180));
  const wraps = dLng >= 180 || origin.longitude - dLng < -180 || origin.longitude + dLng > 180;
  return {
    minLat: Math.max(-90, origin.latitude - dLat),
    maxLat: Math.min(90, origin.latitude + dLat),
    minLng: wraps ? -180 : origin.longitude - dLng,
    maxLng: wraps ? 180 : origin.longitude + dLng,
  };
}

interface NearbyRow {
  id: number;
  service_type: string;
  priority: string;
  status: string;
  description: string;
  property_name: string;
  city: string;
  distance_km: number;
  latitude: number;
  longitude: number;
  has_bid: boolean;
}

/**
 * At most NEARBY_LIMIT jobs open for bids (status open, bidding on, the deadline unset or ahead) that
 * the vendor sees by the jobs list's own rule (`vendorSeesRequest`), on properties with coordinates
 * within `withinKm` of `origin`, nearest first (ties newest first). The properties come first, from
 * the box on `projects_position_idx` and the exact haversine distance; each then gives at most the
 * limit of its newest jobs, walking `maintenance_requests_project_newest_idx` until it has them, so a
 * property with thousands of open jobs costs no more than the limit. Not cached: the answer depends on where the vendor stands.
 */
export async function loadNearbyJobs(
  db: Db,
  viewer: VisibilityViewer,
  origin: Origin,
  withinKm: number,
  now: Date,
  /** Staff see every request, as in the jobs list. */
  staff: boolean,
): Promise<NearbyJob[]> {
  const box = boundingBox(origin, withinKm);
  const trades = viewer.serviceCategories.filter(isServiceCategory);
  const inTrades = trades.length > 0 ? sql`${mr.type} = any(${textArrayLiteral(trades)}::text[])` : undefined;
  const distance = sql`${2 * EARTH_RADIUS_KM} * asin(sqrt(
      power(sin(radians(${projects.latitude} - ${origin.latitude}::float8) / 2), 2)
      + cos(radians(${origin.latitude}::float8)) * cos(radians(${projects.latitude}))
        * power(sin(radians(${projects.longitude} - ${origin.longitude}::float8) / 2), 2)))`;
  const rows = await queryRows<NearbyRow>(
    db,
    sql`
      with places as (
        select ${projects.id} as project_id, ${projects.name} as property_name, ${projects.city} as city,
               ${projects.latitude} as latitude, ${projects.longitude} as longitude, ${distance} as distance_km
        from ${projects}
        where ${projects.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8
          and ${projects.longitude} between ${box.minLng}::float8 and ${box.maxLng}::float8
          and ${distance} <= ${withinKm}::float8
      )
      select jobs.id, jobs.service_type, jobs.priority, jobs.status, jobs.description,
             places.property_name, places.city, places.latitude, places.longitude,
             round(places.distance_km::numeric, 1)::float8 as distance_km,
             exists (select 1 from ${bids} where ${bids.requestId} = jobs.id and ${bids.vendorId} = ${viewer.id}) as has_bid
      from places
      cross join lateral (
        select ${mr.id} as id, ${mr.createdAt} as created_at, ${mr.type} as service_type, ${mr.priority} as priority, ${mr.status} as status,
               ${mr.description} as description
        from ${mr}
        where ${mr.projectId} = places.project_id
          and ${mr.status} = 'open'
          and ${mr.isOpenForBids}
          and (${mr.bidDeadline} is null or ${mr.bidDeadline} > ${now.toISOString()}::timestamptz)
          and ${staff ? sql`true` : vendorSeesRequest(viewer.id, inTrades)}
        order by ${mr.createdAt} desc, ${mr.id} desc
        limit ${NEARBY_LIMIT}
      ) jobs
      order by places.distance_km, jobs.created_at desc, jobs.id desc
      limit ${NEARBY_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: requestLabel(row.id),
    service_type: row.service_type,
    priority: row.priority,
    status: row.status,
    description: row.description,
    property_name: row.property_name,
    city: row.city,
    distance_km: Number(row.distance_km),
    latitude: roundTo3(row.latitude),
    longitude: roundTo3(row.longitude),
    has_bid: row.has_bid,
  }));
}

const roundTo3 = (degrees: number) => Math.round(degrees * 1000) / 1000;
