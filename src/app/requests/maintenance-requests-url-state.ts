import {
  type ColumnSort,
  nextColumnSort,
  pagedApiQuery,
  readSearchSortPage,
  writeSearchSortPage,
} from '#app/ui/list-url-params.ts';
import { isServiceCategory, type ServiceCategory } from '#shared/categories.ts';
import {
  PAGE_SIZE,
  PRIORITIES,
  type Priority,
  REQUEST_STATUSES,
  type RequestStatus,
} from '#shared/statuses.ts';

/** The list's sortable columns (signed-in spec, section 2), named as the server's ordering takes them. */
export const MAINTENANCE_SORT_FIELDS = ['status', 'priority', 'type', 'created'] as const;
export type MaintenanceSortField = (typeof MAINTENANCE_SORT_FIELDS)[number];

/** Maintenance Requests' tab, filters, search, sort and page, kept in the URL so reload and Back keep them. */
export interface MaintenanceView {
  /** The tab: null is All. */
  status: RequestStatus | null;
  serviceType: ServiceCategory | null;
  propertyId: number | null;
  priority: Priority | null;
  /** The top bar's search text ('' for none): every word must match (as in Available Jobs). */
  search: string;
  /** Null while in the default sort (newest first: the server's default). */
  sort: ColumnSort<MaintenanceSortField>;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const positiveInteger = (value: string | null): number | null => {
  const number = Number(value ?? '');
  return Number.isInteger(number) && number >= 1 ? number : null;
};

/** Reads the view from the URL; anything unknown falls back to its default instead of failing. */
export function readMaintenanceView(params: URLSearchParams): MaintenanceView {
  const serviceType = params.get('service_type') ?? '';
  return {
    status: oneOf(REQUEST_STATUSES, params.get('status')),
    serviceType: isServiceCategory(serviceType) ? serviceType : null,
    propertyId: positiveInteger(params.get('property')),
    priority: oneOf(PRIORITIES, params.get('priority')),
    ...readSearchSortPage(params, MAINTENANCE_SORT_FIELDS),
  };
}

/** The view as URL parameters (the server's names): defaults are left out. */
export function writeMaintenanceView(view: MaintenanceView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.serviceType) params.set('service_type', view.serviceType);
  if (view.propertyId) params.set('property', String(view.propertyId));
  if (view.priority) params.set('priority', view.priority);
  return writeSearchSortPage(params, view);
}

/** GET /api/property-manager/maintenance-requests/ query: ordering omitted while in the default sort. */
export function maintenanceApiQuery(view: MaintenanceView): Record<string, string | number> {
  return pagedApiQuery(writeMaintenanceView(view), view.page, PAGE_SIZE);
}

/** A click on a column header: ascending, then descending, then back to the default sort. */
export const nextMaintenanceSort: (
  current: MaintenanceView['sort'],
  field: MaintenanceSortField,
) => MaintenanceView['sort'] = nextColumnSort;

/** 'N vendor(s)' or 'No vendors' (signed-in spec, section 2). */
export function vendorCountText(vendors: readonly unknown[]): string {
  return vendors.length === 0 ? 'No vendors' : `${vendors.length} vendor(s)`;
}

/** The live bids on a request: 'No bids', '1 bid', '3 bids'. */
export function bidCountText(count: number): string {
  if (count === 0) return 'No bids';
  return count === 1 ? '1 bid' : `${count} bids`;
}
