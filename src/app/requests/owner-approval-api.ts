import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { queryRoots } from '#app/lib/query-roots.ts';
import type {
  ClientApprovalSettingsInput,
  PropertyApprovalInput,
  RequestLimitInput,
} from '#shared/owner-approval-schemas.ts';
import { requestKeys } from './api.ts';

// The schemas load beside the first answer: the request detail's chunk stays free of zod.
const approvalAnswerSchema = lazySchema(() =>
  import('#shared/owner-approval-schemas.ts').then((m) => m.ownerApprovalAnswerSchema),
);
const clientSettingsSchema = lazySchema(() =>
  import('#shared/owner-approval-schemas.ts').then((m) => m.clientApprovalSettingsSchema),
);
const propertyApprovalSchema = lazySchema(() =>
  import('#shared/owner-approval-schemas.ts').then((m) => m.propertyApprovalSchema),
);
const anyAnswer = lazySchema(() => import('#shared/response-fields.ts').then((m) => m.anyAnswerSchema));

const segment = (value: string | number) => encodeURIComponent(String(value));
const requestPath = (requestId: number, step: string) => `/api/requests/${segment(requestId)}/${step}/`;

/** A refusal (403, 404) is the answer: only a lost or failed answer is asked again, twice. */
const onlyUnreached = (count: number, error: unknown) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2;

export const ownerApprovalKeys = {
  request: (requestId: number) => ['owner-approval', 'request', requestId] as const,
  /** The limit set on this request from this page (no read of it exists). */
  requestLimit: (requestId: number) => ['owner-approval', 'request-limit', requestId] as const,
  client: (clientId: number) => ['owner-approval', 'client', clientId] as const,
  property: (projectId: number) => ['owner-approval', 'property', projectId] as const,
};

/** GET /api/requests/{id}/owner-approval/ (managers): the request's latest approval, or null. */
export function useRequestOwnerApproval(requestId: number, enabled = true) {
  return useQuery({
    queryKey: ownerApprovalKeys.request(requestId),
    queryFn: ({ signal }) =>
      apiRequest(requestPath(requestId, 'owner-approval'), { schema: approvalAnswerSchema, signal }),
    select: (answer) => answer.approval,
    enabled,
    retry: onlyUnreached,
  });
}

/** The manager's steps on an approval: withdraw, send the link again, award without the owner. */
export function useManagerApprovalStep<Input = undefined>(
  requestId: number,
  step: 'withdraw' | 'resend' | 'override',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest(requestPath(requestId, `owner-approval/${step}`), {
        schema: anyAnswer,
        method: 'POST',
        ...(input === undefined ? {} : { json: input }),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerApprovalKeys.request(requestId) }),
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(String(requestId)) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.manager }),
      ]),
  });
}

/** PUT /api/requests/{id}/approval-limit/ {nte_limit, is_emergency} */
export function useSetRequestLimit(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestLimitInput) =>
      apiRequest(requestPath(requestId, 'approval-limit'), { schema: anyAnswer, method: 'PUT', json: input }),
    onSuccess: (_answer, input) => {
      queryClient.setQueryData(ownerApprovalKeys.requestLimit(requestId), input);
      return queryClient.invalidateQueries({ queryKey: ownerApprovalKeys.request(requestId) });
    },
  });
}

/** GET /api/clients/{id}/approval-settings/ */
export function useClientApprovalSettings(clientId: number | null) {
  return useQuery({
    queryKey: ownerApprovalKeys.client(clientId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/clients/${segment(clientId ?? 0)}/approval-settings/`, {
        schema: clientSettingsSchema,
        signal,
      }),
    enabled: clientId !== null,
  });
}

export function useSaveClientApprovalSettings(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientApprovalSettingsInput) =>
      apiRequest(`/api/clients/${segment(clientId)}/approval-settings/`, {
        schema: clientSettingsSchema,
        method: 'PUT',
        json: input,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ownerApprovalKeys.client(clientId), saved);
      // Every property's effective limit may follow the client's default.
      return queryClient.invalidateQueries({ queryKey: ['owner-approval', 'property'] });
    },
  });
}

/** GET /api/projects/{id}/owner-approval/: the property's limits and owner contacts. */
export function usePropertyApproval(projectId: number | null) {
  return useQuery({
    queryKey: ownerApprovalKeys.property(projectId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${segment(projectId ?? 0)}/owner-approval/`, {
        schema: propertyApprovalSchema,
        signal,
      }),
    enabled: projectId !== null,
    retry: onlyUnreached,
  });
}

export function useSavePropertyApproval(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyApprovalInput) =>
      apiRequest(`/api/projects/${segment(projectId)}/owner-approval/`, {
        schema: propertyApprovalSchema,
        method: 'PUT',
        json: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(ownerApprovalKeys.property(projectId), saved),
  });
}

/**
 * The limit an award of this request is held to, as far as the managers can read it: the limit of
 * the request's latest approval, else the property's effective limit (its own or the client's
 * default). A request's own limit has no read of its own: set on this page, it is the one used.
 */
export function useAwardLimit(request: { id: number; project: { id: number } | null }): {
  limit: number | null;
  /**
   * False while the reads are on their way: an award dialog opened now could not warn. A read that
   * waits for the network (offline) or failed does not hold the award back: the server still asks.
   */
  settled: boolean;
} {
  const queryClient = useQueryClient();
  const property = usePropertyApproval(request.project?.id ?? null);
  const latest = useRequestOwnerApproval(request.id);
  const settled = !latest.isLoading && (request.project === null || !property.isLoading);
  const own = queryClient.getQueryData<RequestLimitInput>(ownerApprovalKeys.requestLimit(request.id));
  if (own && own.nte_limit !== null) return { limit: own.nte_limit, settled };
  if (latest.data && latest.data.nte_limit !== null) return { limit: latest.data.nte_limit, settled };
  return { limit: property.data?.effective_nte_limit ?? null, settled };
}
