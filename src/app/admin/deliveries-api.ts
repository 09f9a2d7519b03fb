import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type AdminDeliveryPage,
  adminDeliveryPageSchema,
  type DeliveryStatus,
} from '#shared/admin-deliveries.ts';
import type { NotificationChannel } from '#shared/notification-preferences.ts';

// The admin console's notification deliveries, staff only.

export interface DeliveryFilter {
  page: number;
  channel: NotificationChannel | null;
  status: DeliveryStatus | null;
}

export function useAdminDeliveries(filter: DeliveryFilter) {
  return useQuery({
    queryKey: ['admin', 'deliveries', filter.page, filter.channel, filter.status] as const,
    queryFn: ({ signal }): Promise<AdminDeliveryPage> =>
      apiRequest('/api/admin/notification-deliveries/', {
        schema: adminDeliveryPageSchema,
        signal,
        query: { page: filter.page, channel: filter.channel, status: filter.status },
      }),
    placeholderData: keepPreviousData,
    // Deliveries move on their own (queued, sent, retried): keep the view current while it is open.
    refetchInterval: 15_000,
  });
}
