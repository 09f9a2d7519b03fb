import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { documentationStore, keptDocumentationKey } from '#app/offline/kept-documentation.ts';
import { offlineQueryFn } from '#app/offline/offline-query.ts';
import { projectDocumentationSchema } from '#shared/documentation-responses.ts';

export function isProjectId(value: string): boolean {
  return /^\d{1,9}$/.test(value);
}

/**
 * GET /api/projects/{id}/documentation/ for the vendor's documentation screen, readable offline: the
 * answer "Keep offline" stored with a job of the property answers when the network does not
 * (src/app/asbuilds/api.ts's useProjectDocumentation is the online-only managers' query).
 */
export function vendorDocumentationQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: keptDocumentationKey(projectId),
    meta: { answer: 'projectDocumentation' },
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest(`/api/projects/${projectId}/documentation/`, {
          schema: projectDocumentationSchema,
          signal,
        }),
      documentationStore(projectId),
    ),
    // The persisted copy shows at once, but a reload must ask again (polygons kept by the team).
    refetchOnMount: 'always',
  });
}

export function useVendorDocumentation(projectId: string) {
  return useQuery({
    ...vendorDocumentationQueryOptions(Number(projectId)),
    enabled: isProjectId(projectId),
  });
}
