import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { queryRoots } from '#app/lib/query-roots.ts';
import { createdRequestSchema } from '#shared/request-responses.ts';
import { type ManagerRequestFormValues, managerRequestFormData } from './manager-request-form.ts';

export interface ManagerRequestSubmission {
  values: ManagerRequestFormValues;
  /** The ids behind "Invite all vendors of this category". */
  categoryVendorIds?: readonly number[];
}

/**
 * POST /api/requests/ from the dashboard dialog and the full create page (multipart, photos
 * repeated). One Idempotency-Key per attempt that may have reached the server: a retry after a lost
 * answer cannot raise the request twice; `reset` (Close) starts a new key. Afterwards the dashboard and lists refetch.
 */
export function useCreateManagerRequest() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ values, categoryVendorIds }: ManagerRequestSubmission) => {
      key.current ??= crypto.randomUUID();
      return apiRequest('/api/requests/', {
        schema: createdRequestSchema,
        method: 'POST',
        formData: managerRequestFormData(values, categoryVendorIds),
        headers: { 'Idempotency-Key': key.current },
      });
    },
    // Only a request that got no answer keeps its key: the server may have written it.
    onError: (error) => {
      if (!isApiError(error) || !error.isNetworkError) key.current = null;
    },
    onSuccess: async () => {
      key.current = null;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.manager }),
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
      ]);
    },
  });
  return {
    ...mutation,
    reset: () => {
      key.current = null;
      mutation.reset();
    },
  };
}
