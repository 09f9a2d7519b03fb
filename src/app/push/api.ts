import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type PushConfig,
  type PushDevice,
  type PushSubscriptionInput,
  pushConfigSchema,
  pushDeviceListSchema,
  pushDeviceSchema,
} from '#shared/push-messages.ts';
import { noContentSchema } from '#shared/response-fields.ts';

// Web Push calls: the server's key and the signed-in user's devices.

export const pushKeys = {
  config: () => ['push', 'config'] as const,
  devices: () => ['push', 'devices'] as const,
};

export function usePushConfig(enabled = true) {
  return useQuery({
    queryKey: pushKeys.config(),
    queryFn: ({ signal }): Promise<PushConfig> =>
      apiRequest('/api/push/config/', { schema: pushConfigSchema, signal }),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function usePushDevices(enabled = true) {
  return useQuery({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }): Promise<PushDevice[]> =>
      apiRequest('/api/push/subscriptions/', { schema: pushDeviceListSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useAddPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PushSubscriptionInput): Promise<PushDevice> =>
      apiRequest('/api/push/subscriptions/', { schema: pushDeviceSchema, method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['push'] }),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await apiRequest(`/api/push/subscriptions/${id}/`, { schema: noContentSchema, method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['push'] }),
  });
}
