import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type AdminUserDetail,
  type AdminUserRole,
  adminUserDetailSchema,
  adminUserPageSchema,
  sendPasswordResetResponseSchema,
} from '#shared/admin-users.ts';
import { refetchInBackground } from './refetch-in-background.ts';

// Every account in the staff console: the list, one user, deactivate, reactivate, reset link.

const BASE = '/api/admin/users';

export interface UserListFilters {
  search: string;
  role: AdminUserRole | null;
  /** 'true' or 'false' as the query sends it; null for both. */
  active: 'true' | 'false' | null;
  page: number;
}

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (filters: UserListFilters) => [...userKeys.all, 'list', filters] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export function useAdminUsers(filters: UserListFilters) {
  return useQuery({
    queryKey: userKeys.list(filters),
    queryFn: async ({ signal }) =>
      await apiRequest(`${BASE}/`, {
        schema: adminUserPageSchema,
        query: {
          page: filters.page,
          search: filters.search || undefined,
          type: filters.role ?? undefined,
          is_active: filters.active ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      await apiRequest(`${BASE}/${id}/`, { schema: adminUserDetailSchema, signal }),
    enabled: id !== null,
  });
}

/** Deactivates or reactivates; the list and the user are fetched again either way (a 409 means stale). */
export function useSetUserActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (active: boolean): Promise<AdminUserDetail> =>
      await apiRequest(`${BASE}/${id}/${active ? 'reactivate' : 'deactivate'}/`, {
        schema: adminUserDetailSchema,
        method: 'POST',
        json: {},
      }),
    onSettled: refetchInBackground(queryClient, userKeys.all),
  });
}

/** Mails the user the public flow's reset link; answers the server's message. */
export function useSendPasswordReset(id: number) {
  return useMutation({
    mutationFn: async (): Promise<string> =>
      (
        await apiRequest(`${BASE}/${id}/send-password-reset/`, {
          schema: sendPasswordResetResponseSchema,
          method: 'POST',
          json: {},
        })
      ).message,
  });
}
