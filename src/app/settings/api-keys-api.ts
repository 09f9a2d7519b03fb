import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type ApiKey,
  apiKeyListSchema,
  type CreateApiKey,
  type CreatedApiKey,
  createdApiKeySchema,
} from '#shared/api-keys.ts';
import { noContentSchema } from '#shared/response-fields.ts';

// Settings → API keys: the vendor's own keys.

const BASE = '/api/vendor/api-keys/';
const apiKeysKey = ['settings', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: ({ signal }): Promise<ApiKey[]> => apiRequest(BASE, { schema: apiKeyListSchema, signal }),
    staleTime: 0,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKey): Promise<CreatedApiKey> =>
      apiRequest(BASE, { schema: createdApiKeySchema, method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await apiRequest(`${BASE}${id}/`, { schema: noContentSchema, method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
