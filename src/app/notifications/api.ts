import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { useServerEvent } from '#app/lib/event-stream.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { listStore, offlineQueryFn } from '#app/offline/offline-query.ts';

// Loaded with the first answer (lib/lazy-schema.ts): the top bar's bell is part of every signed-in
// page, and a server-rendered one hydrates before any notification is read.
const schemas = () => import('#shared/notification-schemas.ts');
const notificationSchema = lazySchema(() => schemas().then((m) => m.notificationSchema));
const notificationListSchema = lazySchema(() => schemas().then((m) => m.notificationListSchema));
const markAllReadResponseSchema = lazySchema(() => schemas().then((m) => m.markAllReadResponseSchema));

// The notification calls (signed-in spec, section 7) and their query keys.

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: 'all' | 'unread') => [...notificationKeys.all, filter] as const,
};

export function notificationsQueryOptions(filter: 'all' | 'unread') {
  return queryOptions({
    queryKey: notificationKeys.list(filter),
    meta: { answer: 'notifications' },
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/notifications/', {
          schema: notificationListSchema,
          signal,
          query: { is_read: filter === 'unread' ? 'false' : undefined },
        }),
      listStore(notificationListSchema, notificationKeys.list(filter)),
    ),
    // Pushed events keep them current while connected; a copy from the device's cache is rechecked.
    staleTime: 0,
  });
}

/** Every notification (the page), or only the unread ones (the top bar's menu asks ?is_read=false). */
export function useNotifications(filter: 'all' | 'unread') {
  return useQuery(notificationsQueryOptions(filter));
}

/** Both lists are refetched after either action (signed-in spec, section 4). */
function useRefetchNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkNotificationRead() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/notifications/${id}/mark-read/`, { schema: notificationSchema, method: 'POST' }),
    onSettled: refetch,
  });
}

export function useMarkAllNotificationsRead() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/notifications/mark-all-read/', { schema: markAllReadResponseSchema, method: 'POST' }),
    onSettled: refetch,
  });
}

/** A pushed notification refreshes both lists at once (DESIGN.md, Real-time). */
export function useLiveNotifications(): void {
  const refetch = useRefetchNotifications();
  useServerEvent('notification', () => void refetch());
}
