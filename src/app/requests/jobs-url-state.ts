import {
  type ColumnSort,
  nextColumnSort,
  pagedApiQuery,
  readSearchSortPage,
  writeSearchSortPage,
} from '#app/ui/list-url-params.ts';
import { isServiceCategory, type ServiceCategory } from '#shared/categories.ts';
import { JOB_ORDERING_FIELDS, type JobOrderingField } from '#shared/list-fields.ts';
import { PAGE_SIZE, REQUEST_STATUSES, type RequestStatus } from '#shared/statuses.ts';

/** Available Jobs' filters, sort and page, kept in the URL so reload and Back keep them. */
export interface JobsView {
  serviceType: ServiceCategory | null;
  status: RequestStatus | null;
  search: string;
  /** Null while in the default sort (status order, then newest: the server's default). */
  sort: ColumnSort<JobOrderingField>;
  page: number;
}

const JOBS_PATH = '/vendor/jobs';

/** Reads the view from the URL; anything unknown falls back to its default instead of failing. */
export function readJobsView(params: URLSearchParams): JobsView {
  const serviceType = params.get('service_type') ?? '';
  const status = params.get('status') ?? '';
  return {
    serviceType: isServiceCategory(serviceType) ? serviceType : null,
    status: (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as RequestStatus) : null,
    ...readSearchSortPage(params, JOB_ORDERING_FIELDS),
  };
}

/** The view as URL parameters: defaults are left out, so the plain list is plain /vendor/jobs. */
export function writeJobsView(view: JobsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.serviceType) params.set('service_type', view.serviceType);
  if (view.status) params.set('status', view.status);
  return writeSearchSortPage(params, view);
}

/** GET /api/vendor/jobs/ query (signed-in spec, section 7): ordering omitted while in the default sort. */
export function jobsApiQuery(view: JobsView): Record<string, string | number> {
  return pagedApiQuery(writeJobsView(view), view.page, PAGE_SIZE);
}

/** A click on a column header (ascending, descending, default); sorting or filtering returns to page 1. */
export const nextSort: (current: JobsView['sort'], field: JobOrderingField) => JobsView['sort'] =
  nextColumnSort;

/** The search box's target: Available Jobs filtered by the text. */
export function jobsSearchPath(search: string): string {
  const params = writeJobsView({
    serviceType: null,
    status: null,
    search: search.trim(),
    sort: null,
    page: 1,
  });
  const query = params.toString();
  return query ? `${JOBS_PATH}?${query}` : JOBS_PATH;
}
