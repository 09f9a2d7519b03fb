import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { queryRoots } from '#app/lib/query-roots.ts';
import { refetchUnlessServerRendered } from '#app/lib/server-rendered-answers.ts';
import { listStore, offlineQueryFn, rowStore } from '#app/offline/offline-query.ts';
import { type JobsView, jobsApiQuery } from './jobs-url-state.ts';

const responses = () => import('#shared/request-responses.ts');
const jobPageSchema = lazySchema(() => responses().then((m) => m.jobPageSchema));
const requestDetailSchema = lazySchema(() => responses().then((m) => m.requestDetailSchema));
const vendorDirectorySchema = lazySchema(() =>
  import('#shared/vendor-directory.ts').then((m) => m.vendorDirectorySchema),
);

export const requestKeys = {
  all: queryRoots.requests,
  jobs: (view: JobsView) => [...requestKeys.all, 'jobs', view] as const,
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
  vendors: () => ['vendors'] as const,
  vendorsByCategory: (category: string | null) => ['vendors', 'by-category', category ?? 'all'] as const,
};

/** Where a page of Available Jobs is kept on the device (read back offline). */
export const jobsDeviceStore = (queryKey: QueryKey) => listStore(jobPageSchema, queryKey);

/** Where a request's detail is kept on the device. */
export const requestDetailDeviceStore = (id: string) =>
  rowStore(requestDetailSchema, 'requestDetails', Number(id));

/** GET /api/vendor/jobs/ for Available Jobs. */
export function useJobs(view: JobsView) {
  const queryKey = requestKeys.jobs(view);
  return useQuery({
    queryKey,
    meta: { answer: 'jobPage' },
    // Offline, the page as last fetched answers (jobs readable offline).
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/vendor/jobs/', { schema: jobPageSchema, signal, query: jobsApiQuery(view) }),
      jobsDeviceStore(queryKey),
    ),
    // The table keeps its rows while the next page or sort loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function requestDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: requestKeys.detail(id),
    meta: { answer: 'requestDetail' },
    // Offline, the copy kept on the device answers.
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest(`/api/requests/${encodeURIComponent(id)}/`, { schema: requestDetailSchema, signal }),
      requestDetailDeviceStore(id),
    ),
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s; the
    // answer a server-rendered page came with is fresh.
    refetchOnMount: refetchUnlessServerRendered,
  });
}

/** GET /api/requests/{id}/ for the request detail and the bid dialog's summary. */
export function useRequestDetail(id: string | null) {
  return useQuery({ ...requestDetailQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}

/** GET /api/vendors/ for the vendor request form (fetched when the form opens; failures only logged). */
export function useVendorOptions(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.vendors(),
    meta: { answer: 'vendorDirectory' },
    queryFn: ({ signal }) => apiRequest('/api/vendors/', { schema: vendorDirectorySchema, signal }),
    enabled,
  });
}

/** GET /api/vendors/?category=: vendors of one trade (all vendors when category is null). */
export function useVendorsByCategory(category: string | null, enabled = true) {
  return useQuery({
    queryKey: requestKeys.vendorsByCategory(category),
    meta: { answer: 'vendorDirectory' },
    queryFn: ({ signal }) =>
      apiRequest('/api/vendors/', { schema: vendorDirectorySchema, signal, query: { category } }),
    enabled,
  });
}
