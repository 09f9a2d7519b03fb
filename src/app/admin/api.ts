import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { adminMailPageSchema } from '#shared/admin-mail.ts';
import {
  type AdminPlan,
  adminPlanListSchema,
  adminPlanSchema,
  type PlanValues,
} from '#shared/admin-plans.ts';
import { refetchInBackground } from './refetch-in-background.ts';

// The admin console's calls (staff only): plans and the sent-mail list.

export const adminKeys = {
  all: ['admin'] as const,
  plans: () => [...adminKeys.all, 'plans'] as const,
  mail: (page: number, unmasked: boolean) => [...adminKeys.all, 'mail', page, unmasked] as const,
};

const PLANS = '/api/admin/plans';

export function useAdminPlans() {
  return useQuery({
    queryKey: adminKeys.plans(),
    queryFn: async ({ signal }) =>
      (await apiRequest(`${PLANS}/`, { schema: adminPlanListSchema, signal })).results,
  });
}

/** Creates (no id) or replaces (PUT) a plan, then refreshes the list. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: PlanValues }): Promise<AdminPlan> =>
      await apiRequest(id === null ? `${PLANS}/` : `${PLANS}/${id}/`, {
        schema: adminPlanSchema,
        method: id === null ? 'POST' : 'PUT',
        json: values,
      }),
    onSettled: refetchInBackground(queryClient, adminKeys.plans()),
  });
}

/** `unmasked` (superusers only) asks for single-use links whole instead of masked. */
export function useAdminMail(page: number, unmasked = false) {
  return useQuery({
    queryKey: adminKeys.mail(page, unmasked),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/mail/', {
        schema: adminMailPageSchema,
        query: { page, unmasked: unmasked ? 1 : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
