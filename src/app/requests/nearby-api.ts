import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';

const places = () => import('#shared/places.ts');
const nearbyJobsSchema = lazySchema(() => places().then((m) => m.nearbyJobsSchema));

/** Where distances are measured from: the phone's position, or the business location (Settings). */
export type NearbyOrigin = { latitude: number; longitude: number } | 'business';

export const placeKeys = {
  all: ['places'] as const,
  nearby: (origin: NearbyOrigin) => [...placeKeys.all, 'nearby', origin] as const,
};

/**
 * GET /api/vendor/jobs/nearby/ from `origin` (null: not asked yet). Not kept on the device: distances
 * belong to where the vendor stood, and the jobs list is the offline copy.
 */
export function useNearbyJobs(origin: NearbyOrigin | null) {
  return useQuery({
    queryKey: placeKeys.nearby(origin ?? 'business'),
    enabled: origin !== null,
    queryFn: ({ signal }) =>
      apiRequest('/api/vendor/jobs/nearby/', {
        schema: nearbyJobsSchema,
        signal,
        query: origin === 'business' || origin === null ? {} : origin,
      }),
    retry: false,
  });
}
