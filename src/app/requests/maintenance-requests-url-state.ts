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
  sort: { field: MaintenanceSortField; descending: boolean } | null;
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
  const ordering = params.get('ordering') ?? '';
  const field = oneOf(MAINTENANCE_SORT_FIELDS, ordering.replace(/^-/, ''));
  return {
    status: oneOf(REQUEST_STATUSES, params.get('status')),
    serviceType: isServiceCategory(serviceType) ? serviceType : null,
    propertyId: positiveInteger(params.get('property')),
    priority: oneOf(PRIORITIES, params.get('priority')),
    search: (params.get('search') ?? '').trim(),
    sort: field ? { field, descending: ordering.startsWith('-') } : null,
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The view as URL parameters (the server's names): defaults are left out. */
export function writeMaintenanceView(view: MaintenanceView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.serviceType) params.set('service_type', view.serviceType);
  if (view.propertyId) params.set('property', String(view.propertyId));
  if (view.priority) params.set('priority', view.priority);
  if (view.search) params.set('search', view.search);
  if (view.sort) params.set('ordering', `${view.sort.descending ? '-' : ''}${view.sort.field}`);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** GET /api/property-manager/maintenance-requests/ query: ordering omitted while in the default sort. */
export function maintenanceApiQuery(view: MaintenanceView): Record<string, string | number> {
  return {
    ...Object.fromEntries(writeMaintenanceView({ ...view, page: 1 })),
    page: view.page,
    page_size: PAGE_SIZE,
  };
}

/** A click on a column header: ascending, then descending, then back to the default sort. */
export function nextMaintenanceSort(
  current: MaintenanceView['sort'],
  field: MaintenanceSortField,
): MaintenanceView['sort'] {
  if (current?.field !== field) return { field, descending: false };
  if (!current.descending) return { field, descending: true };
  return null;
}

/** 'N vendor(s)' or 'No vendors' (signed-in spec, section 2). */
export function vendorCountText(vendors: readonly unknown[]): string {
  return vendors.length === 0 ? 'No vendors' : `${vendors.length} vendor(s)`;
}
