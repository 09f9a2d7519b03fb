import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { managerRequestPageSchema } from '#shared/manager-responses.ts';
import { type MaintenanceView, maintenanceApiQuery } from './maintenance-requests-url-state.ts';

/**
 * GET /api/property-manager/maintenance-requests/ for the Maintenance Requests list. Its key starts
 * with 'manager', so a lifecycle step (which invalidates ['manager']) refreshes it.
 */
export function useMaintenanceRequests(view: MaintenanceView) {
  return useQuery({
    queryKey: ['manager', 'maintenance-requests', view] as const,
    meta: { answer: 'managerRequestPage' },
    queryFn: ({ signal }) =>
      apiRequest('/api/property-manager/maintenance-requests/', {
        schema: managerRequestPageSchema,
        signal,
        query: maintenanceApiQuery(view),
      }),
    // The table keeps its rows while the next page, tab or sort loads.
    placeholderData: keepPreviousData,
  });
}
