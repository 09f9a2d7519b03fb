import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#app/lib/api-client.ts';
import { adminJobQueueSchema } from '#shared/admin-jobs.ts';
import { noContentSchema } from '#shared/response-fields.ts';

// The admin console's view of the job queue, staff only: depth per kind, failed jobs, retry, discard.

const BASE = '/api/admin/jobs';
const queueKey = ['admin', 'jobs'] as const;

export function useAdminJobQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async ({ signal }) => await apiRequest(`${BASE}/`, { schema: adminJobQueueSchema, signal }),
    // Jobs come and go on their own: keep the view current while it is open.
    refetchInterval: 10_000,
  });
}

export type FailedJobAction = 'retry' | 'discard';

/** Retries or discards one failed job; the queue is read again either way (a 404 means it already moved). */
export function useFailedJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, kind, id }: { action: FailedJobAction; kind: string; id: string }) => {
      const path = `${BASE}/${encodeURIComponent(kind)}/${id}/`;
      if (action === 'retry')
        await apiRequest(`${path}retry/`, {
          schema: z.object({ retried: z.literal(true) }),
          method: 'POST',
          json: {},
        });
      else await apiRequest(path, { schema: noContentSchema, method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}
