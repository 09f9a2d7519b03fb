import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { refetchUnlessServerRendered } from '#app/lib/server-rendered-answers.ts';

const vendorDashboardSchema = lazySchema(() =>
  import('#shared/vendor-dashboard.ts').then((m) => m.vendorDashboardSchema),
);

export const vendorDashboardKeys = {
  dashboard: () => ['vendor', 'dashboard'] as const,
};

/** GET /api/vendor/dashboard/: the stat cards and the three tabs. */
export function useVendorDashboard() {
  return useQuery({
    queryKey: vendorDashboardKeys.dashboard(),
    meta: { answer: 'vendorDashboard' },
    queryFn: ({ signal }) => apiRequest('/api/vendor/dashboard/', { schema: vendorDashboardSchema, signal }),
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s; the
    // answer a server-rendered page came with is fresh.
    refetchOnMount: refetchUnlessServerRendered,
  });
}
