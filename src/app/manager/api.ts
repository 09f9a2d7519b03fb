import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { useServerEvent } from '#app/lib/event-stream.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { queryRoots } from '#app/lib/query-roots.ts';
import { refetchUnlessServerRendered } from '#app/lib/server-rendered-answers.ts';

const managerResponses = () => import('#shared/manager-responses.ts');
const managerDashboardSchema = lazySchema(() => managerResponses().then((m) => m.managerDashboardSchema));
const managerRequestPageSchema = lazySchema(() => managerResponses().then((m) => m.managerRequestPageSchema));
const teamSchema = lazySchema(() => managerResponses().then((m) => m.teamSchema));
const projectResponses = () => import('#shared/project-responses.ts');
const clientProjectListSchema = lazySchema(() => projectResponses().then((m) => m.clientProjectListSchema));
const projectHistorySchema = lazySchema(() => projectResponses().then((m) => m.projectHistorySchema));
const workQueueSchema = lazySchema(() => import('#shared/work-queue.ts').then((m) => m.workQueueSchema));
const invitationAnswerSchema = lazySchema(() =>
  import('#shared/request-responses.ts').then((m) => m.invitationAnswerSchema),
);

const segment = (value: string | number) => encodeURIComponent(String(value));

export const managerKeys = {
  all: queryRoots.manager,
  dashboard: () => [...managerKeys.all, 'dashboard'] as const,
  clientProjects: (clientId: string) => [...managerKeys.all, 'client-projects', clientId] as const,
  team: () => [...managerKeys.all, 'team'] as const,
  history: (projectId: string) => ['projects', projectId, 'history'] as const,
  openRequests: () => [...managerKeys.all, 'open-requests'] as const,
  workQueue: () => [...managerKeys.all, 'work-queue'] as const,
};

/** GET /api/property-manager/dashboard/: stats, properties overview and the three request tabs. */
export function useManagerDashboard() {
  return useQuery({
    queryKey: managerKeys.dashboard(),
    meta: { answer: 'managerDashboard' },
    queryFn: ({ signal }) =>
      apiRequest('/api/property-manager/dashboard/', { schema: managerDashboardSchema, signal }),
    // The persisted copy shows at once (also offline), but a reload must not trust it for 30 s; the
    // answer a server-rendered page came with is fresh.
    refetchOnMount: refetchUnlessServerRendered,
  });
}

/**
 * GET /api/property-manager/work-queue/: "Needs you" on the dashboard. Asked again each time the dashboard
 * opens (a kept copy may be old), after every lifecycle step (they invalidate ['manager']) and when a
 * notification or a message is pushed: a bid, a completion, a visit or a message arriving is one.
 */
export function useWorkQueue() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: managerKeys.workQueue() });
  useServerEvent('notification', refetch);
  useServerEvent('message', refetch);
  return useQuery({
    queryKey: managerKeys.workQueue(),
    meta: { answer: 'workQueue' },
    queryFn: ({ signal }) =>
      apiRequest('/api/property-manager/work-queue/', { schema: workQueueSchema, signal }),
    refetchOnMount: refetchUnlessServerRendered,
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
