import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { managerDashboardSchema, managerRequestPageSchema, teamSchema } from '#shared/manager-responses.ts';
import {
  clientProjectListSchema,
  projectHistorySchema,
  projectUnitListSchema,
} from '#shared/project-responses.ts';
import { invitationAnswerSchema } from '#shared/request-responses.ts';
import { vendorDirectorySchema } from '#shared/vendor-directory.ts';

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

/** GET /api/property-manager/dashboard/: stats, properties overview and the three request tabs. */
export function useManagerDashboard() {
  return useQuery({
    queryKey: managerKeys.dashboard(),
    meta: { answer: 'managerDashboard' },
    queryFn: ({ signal }) =>
      apiRequest('/api/property-manager/dashboard/', { schema: managerDashboardSchema, signal }),
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s.
    refetchOnMount: 'always',
  });
}

/** GET /api/clients/{clientId}/projects/ for the Client properties page. */
export function useClientProjects(clientId: string) {
  return useQuery({
    queryKey: managerKeys.clientProjects(clientId),
    meta: { answer: 'clientProjects' },
    queryFn: ({ signal }) =>
      apiRequest(`/api/clients/${segment(clientId)}/projects/`, { schema: clientProjectListSchema, signal }),
  });
}

/** GET /api/projects/{id}/units/: the request form's unit choices, once a property is chosen. */
export function useProjectUnits(projectId: number | null) {
  return useQuery({
    queryKey: managerKeys.units(projectId ?? 0),
    meta: { answer: 'projectUnits' },
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${segment(projectId ?? 0)}/units/`, {
        schema: projectUnitListSchema,
        signal,
      }),
    enabled: projectId !== null,
  });
}

/** GET /api/vendors/?category=: vendors of one trade (all vendors when category is null). */
export function useVendorsByCategory(category: string | null, enabled = true) {
  return useQuery({
    queryKey: managerKeys.vendors(category),
    meta: { answer: 'vendorDirectory' },
    queryFn: ({ signal }) =>
      apiRequest('/api/vendors/', { schema: vendorDirectorySchema, signal, query: { category } }),
    enabled,
  });
}

/** GET /api/property-manager/team/: the users of the manager's client. */
export function useTeam() {
  return useQuery({
    queryKey: managerKeys.team(),
    meta: { answer: 'team' },
    queryFn: ({ signal }) => apiRequest('/api/property-manager/team/', { schema: teamSchema, signal }),
  });
}

/** GET /api/projects/{id}/history/: every completed job of one property. */
export function usePropertyHistory(projectId: string) {
  return useQuery({
    queryKey: managerKeys.history(projectId),
    meta: { answer: 'projectHistory' },
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${segment(projectId)}/history/`, { schema: projectHistorySchema, signal }),
  });
}

/** The CSV export of a property's history: a plain link, so the browser downloads it with the session cookie. */
export const historyCsvUrl = (projectId: string | number) =>
  `/api/projects/${segment(projectId)}/history.csv`;

/** The manager's open requests (the Vendors page's "invite to a request" choice). */
export function useOpenRequests(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.openRequests(),
    meta: { answer: 'managerRequestRows' },
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/property-manager/maintenance-requests/', {
          schema: managerRequestPageSchema,
          signal,
          query: { status: 'open', page_size: 100, ordering: '-created' },
        })
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
    mutationFn: ({ requestId, vendorId }: { requestId: number; vendorId: number }) =>
      apiRequest(`/api/requests/${segment(requestId)}/invitations/`, {
        schema: invitationAnswerSchema,
        method: 'POST',
        json: { vendors: [vendorId] },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
