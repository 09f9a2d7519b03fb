import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { layoutShareSchema } from '#shared/layout-share.ts';
import { noContentSchema } from '#shared/response-fields.ts';

const sharePath = (layoutId: number) => `/api/layouts/${encodeURIComponent(String(layoutId))}/share/`;
const shareKey = (layoutId: number) => ['layouts', layoutId, 'share'] as const;

/** GET /api/layouts/{id}/share/: whether the plan is shared on the web, and its token. */
export function useLayoutShare(layoutId: number) {
  return useQuery({
    queryKey: shareKey(layoutId),
    queryFn: ({ signal }) => apiRequest(sharePath(layoutId), { schema: layoutShareSchema, signal }),
  });
}

/** PUT (on) and DELETE (off) /api/layouts/{id}/share/. */
export function useSetLayoutShare(layoutId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shared: boolean) => {
      if (shared) return apiRequest(sharePath(layoutId), { method: 'PUT', schema: layoutShareSchema });
      await apiRequest(sharePath(layoutId), { method: 'DELETE', schema: noContentSchema });
      return { token: null, shared_at: null };
    },
    onSuccess: (share) => queryClient.setQueryData(shareKey(layoutId), share),
  });
}
