import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type ApiKey,
  apiKeyListSchema,
  type CreateApiKey,
  type CreatedApiKey,
  createdApiKeySchema,
} from '#shared/api-keys.ts';

// Settings → API keys (issue 15): the vendor's own keys.

const BASE = '/api/vendor/api-keys/';
const apiKeysKey = ['settings', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      apiKeyListSchema.parse(await apiRequest(BASE, { signal })),
    staleTime: 0,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKey): Promise<CreatedApiKey> =>
      createdApiKeySchema.parse(await apiRequest(BASE, { method: 'POST', json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await apiRequest(`${BASE}${id}/`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
