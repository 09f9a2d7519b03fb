import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type ApplicationDetail,
  type ApplicationKind,
  type ApplicationStatus,
  applicationDetailSchema,
  applicationPageSchema,
  type RejectApplicationValues,
} from '#shared/admin-applications.ts';
import { refetchInBackground } from './refetch-in-background.ts';

// The staff review of applications: lists, one application, approve and reject.

const BASE = '/api/admin/applications';

export const applicationKeys = {
  all: ['admin', 'applications'] as const,
  list: (kind: ApplicationKind, status: ApplicationStatus | null, page: number) =>
    [...applicationKeys.all, kind, 'list', status, page] as const,
  detail: (kind: ApplicationKind, id: number) => [...applicationKeys.all, kind, 'detail', id] as const,
};

export function useApplications(kind: ApplicationKind, status: ApplicationStatus | null, page: number) {
  return useQuery({
    queryKey: applicationKeys.list(kind, status, page),
    queryFn: async ({ signal }) =>
      await apiRequest(`${BASE}/${kind}/`, {
        schema: applicationPageSchema,
        query: { page, status: status ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(kind: ApplicationKind, id: number | null) {
  return useQuery({
    queryKey: applicationKeys.detail(kind, id ?? 0),
    queryFn: async ({ signal }) =>
      await apiRequest(`${BASE}/${kind}/${id}/`, { schema: applicationDetailSchema, signal }),
    enabled: id !== null,
  });
}

export type ReviewAction = { action: 'approve' } | ({ action: 'reject' } & RejectApplicationValues);

/** Approves or rejects; the list and the application are fetched again either way (a 409 means stale). */
export function useReviewApplication(kind: ApplicationKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: ReviewAction): Promise<ApplicationDetail> =>
      await apiRequest(`${BASE}/${kind}/${id}/${review.action}/`, {
        schema: applicationDetailSchema,
        method: 'POST',
        json: review.action === 'reject' ? { reason: review.reason } : {},
      }),
    // The drawer shows the decided application at once (no second Approve on a stale one).
    onSuccess: (decided) => {
      queryClient.setQueryData(applicationKeys.detail(kind, id), decided);
    },
    onSettled: refetchInBackground(queryClient, applicationKeys.all),
  });
}
