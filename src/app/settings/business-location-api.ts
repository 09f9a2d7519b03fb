import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { type BusinessLocationInput, businessLocationSchema } from '#shared/places.ts';

// Settings → Location: where the vendor's business is, which nearby jobs measure from.

const URL = '/api/vendor/business-location/';
const businessLocationKey = ['settings', 'business-location'] as const;

export function useBusinessLocation() {
  return useQuery({
    queryKey: businessLocationKey,
    queryFn: ({ signal }) => apiRequest(URL, { schema: businessLocationSchema, signal }),
  });
}

export function useSaveBusinessLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessLocationInput) =>
      apiRequest(URL, { schema: businessLocationSchema, method: 'PUT', json: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(businessLocationKey, saved);
      // Nearby jobs measured from the old place are out of date.
      void queryClient.invalidateQueries({ queryKey: ['places'] });
    },
  });
}
