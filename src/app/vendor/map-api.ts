import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';

const places = () => import('#shared/places.ts');
const mapSettingsSchema = lazySchema(() => places().then((m) => m.mapSettingsSchema));
const vendorVisitsTodaySchema = lazySchema(() => places().then((m) => m.vendorVisitsTodaySchema));

export const mapKeys = {
  settings: ['map', 'settings'] as const,
  visitsToday: ['map', 'visits-today'] as const,
};

/** GET /api/map-settings/: the tile server the map draws from. */
export function useMapSettings() {
  return useQuery({
    queryKey: mapKeys.settings,
    queryFn: ({ signal }) => apiRequest('/api/map-settings/', { schema: mapSettingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/vendor/visits/today/: today's confirmed visits of the vendor's awarded jobs. */
export function useVisitsToday() {
  return useQuery({
    queryKey: mapKeys.visitsToday,
    queryFn: ({ signal }) =>
      apiRequest('/api/vendor/visits/today/', { schema: vendorVisitsTodaySchema, signal }),
  });
}
