import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import type { ManagerRequestItem } from '#shared/manager-request-query.ts';
import type { Paged } from '#shared/request-views.ts';
import type {
  ClientProject,
  HistoryJob,
  ManagerDashboard,
  ProjectUnit,
  TeamMember,
  VendorListItem,
} from './manager-views.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));

export const managerKeys = {
  all: ['manager'] as const,
  dashboard: () => [...managerKeys.all, 'dashboard'] as const,
  clientProjects: (clientId: string) => [...managerKeys.all, 'client-projects', clientId] as const,
  units: (projectId: number) => ['projects', projectId, 'units'] as const,
  vendors: (category: string | null) => ['vendors', 'by-category', category ?? 'all'] as const,
  team: () => [...managerKeys.all, 'team'] as const,
  history: (projectId: string) => ['projects', projectId, 'history'] as const,
  openRequests: () => [...managerKeys.all, 'open-requests'] as const,
};

/** A list answer may come paged ({results}) or bare; the screens want the rows. */
function rowsOf<T>(answer: T[] | Paged<T>): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}

/** GET /api/property-manager/dashboard/: stats, properties overview and the three request tabs. */
export function useManagerDashboard() {
  return useQuery({
    queryKey: managerKeys.dashboard(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/property-manager/dashboard/', { signal })) as ManagerDashboard,
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s.
    refetchOnMount: 'always',
  });
}

/** GET /api/clients/{clientId}/projects/ for the Client properties page. */
export function useClientProjects(clientId: string) {
  return useQuery({
    queryKey: managerKeys.clientProjects(clientId),
    queryFn: async ({ signal }) =>
      rowsOf(
        (await apiRequest(`/api/clients/${segment(clientId)}/projects/`, { signal })) as ClientProject[],
      ),
  });
}

/** GET /api/projects/{id}/units/: the request form's unit choices, once a property is chosen. */
export function useProjectUnits(projectId: number | null) {
  return useQuery({
    queryKey: managerKeys.units(projectId ?? 0),
    queryFn: async ({ signal }) =>
      rowsOf(
        (await apiRequest(`/api/projects/${segment(projectId ?? 0)}/units/`, { signal })) as ProjectUnit[],
      ),
    enabled: projectId !== null,
  });
}

/** GET /api/vendors/?category=: vendors of one trade (all vendors when category is null). */
export function useVendorsByCategory(category: string | null, enabled = true) {
  return useQuery({
    queryKey: managerKeys.vendors(category),
    queryFn: async ({ signal }) =>
      rowsOf(
        (await apiRequest('/api/vendors/', { signal, query: { category } })) as
          | VendorListItem[]
          | Paged<VendorListItem>,
      ),
    enabled,
  });
}

/** GET /api/property-manager/team/: the users of the manager's client. */
export function useTeam() {
  return useQuery({
    queryKey: managerKeys.team(),
    queryFn: async ({ signal }) =>
      rowsOf((await apiRequest('/api/property-manager/team/', { signal })) as TeamMember[]),
  });
}

/** GET /api/projects/{id}/history/: every completed job of one property. */
export function usePropertyHistory(projectId: string) {
  return useQuery({
    queryKey: managerKeys.history(projectId),
    queryFn: async ({ signal }) =>
      rowsOf((await apiRequest(`/api/projects/${segment(projectId)}/history/`, { signal })) as HistoryJob[]),
  });
}

/** The CSV export of a property's history: a plain link, so the browser downloads it with the session cookie. */
export const historyCsvUrl = (projectId: string | number) =>
  `/api/projects/${segment(projectId)}/history.csv`;

/** The manager's open requests (the Vendors page's "invite to a request" choice). */
export function useOpenRequests(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.openRequests(),
    queryFn: async ({ signal }) =>
      (
        (await apiRequest('/api/property-manager/maintenance-requests/', {
          signal,
          query: { status: 'open', page_size: 100, ordering: '-created' },
        })) as Paged<ManagerRequestItem>
      ).results,
    enabled,
  });
}

/**
 * Invites one vendor to an open request: POST /api/requests/{id}/invitations/ (not in the spec; see
 * src/server/lifecycle/invitation-routes.ts). `invited` is empty when the vendor already was.
 */
export function useInviteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requestId, vendorId }: { requestId: number; vendorId: number }) =>
      (await apiRequest(`/api/requests/${segment(requestId)}/invitations/`, {
        method: 'POST',
        json: { vendors: [vendorId] },
      })) as { invited: Array<{ id: number; name: string }> },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
