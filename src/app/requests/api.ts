import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { offlineQueryFn, rowStore } from '#app/offline/offline-query.ts';
import type { JobListItem, Paged, RequestDetail } from '#shared/request-views.ts';
import type { Timeframe } from '#shared/statuses.ts';
import { type JobsView, jobsApiQuery } from './jobs-url-state.ts';

export const requestKeys = {
  all: ['requests'] as const,
  jobs: (view: JobsView) => [...requestKeys.all, 'jobs', view] as const,
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
  vendors: () => ['vendors'] as const,
};

/** GET /api/vendor/jobs/ for Available Jobs. */
export function useJobs(view: JobsView) {
  return useQuery({
    queryKey: requestKeys.jobs(view),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/vendor/jobs/', { signal, query: jobsApiQuery(view) })) as Paged<JobListItem>,
    // The table keeps its rows while the next page or sort loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function requestDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: requestKeys.detail(id),
    // Offline, the copy kept on the device answers (issue 7).
    queryFn: offlineQueryFn(
      async (signal) =>
        (await apiRequest(`/api/requests/${encodeURIComponent(id)}/`, { signal })) as RequestDetail,
      rowStore<RequestDetail>('requestDetails', Number(id)),
    ),
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s.
    refetchOnMount: 'always',
  });
}

/** GET /api/requests/{id}/ for the request detail and the bid dialog's summary. */
export function useRequestDetail(id: string | null) {
  return useQuery({ ...requestDetailQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}

export interface VendorOption {
  id: number;
  name: string;
}

/** GET /api/vendors/ for the vendor request form (fetched when the form opens; failures only logged). */
export function useVendorOptions(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.vendors(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/vendors/', { signal })) as VendorOption[] | Paged<VendorOption>,
    enabled,
    select: (answer): VendorOption[] => (Array.isArray(answer) ? answer : answer.results),
  });
}

export interface VendorRequestInput {
  type: string;
  description: string;
  timeframe: Timeframe;
  inviteAll: boolean;
  vendorIds: number[];
  photos: File[];
  projectId: number;
}

/** The multipart body of POST /api/requests/ (signed-in spec, sections 3 and 7). */
export function vendorRequestFormData(input: VendorRequestInput): FormData {
  const body = new FormData();
  body.append('type', input.type);
  body.append('description', input.description.trim());
  body.append('timeframe', input.timeframe);
  body.append('invite_all', input.inviteAll ? 'true' : 'false');
  body.append('areas_affected', '[]');
  body.append('project_id', String(input.projectId));
  if (!input.inviteAll) for (const id of input.vendorIds) body.append('vendors', String(id));
  for (const photo of input.photos) body.append('photos', photo);
  return body;
}

/** POST /api/requests/ from the vendor dashboard's Create Request form. */
export function useCreateVendorRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VendorRequestInput) =>
      (await apiRequest('/api/requests/', {
        method: 'POST',
        formData: vendorRequestFormData(input),
        // A request the offline outbox may replay later carries its own key (DESIGN.md).
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })) as { id: number },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
