import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '#app/auth/api.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type InsuranceStatus,
  insuranceStatusSchema,
  type UserProfile,
  type UserProfileInput,
  userProfileAnswerSchema,
} from '#shared/user-profile.ts';

// Settings calls: the profile (signed-in spec, section 7) and the vendor's insurance.

export const settingsKeys = {
  profile: () => ['settings', 'profile'] as const,
  insurance: () => ['settings', 'insurance'] as const,
};

export function useUserProfile() {
  return useQuery({
    queryKey: settingsKeys.profile(),
    meta: { answer: 'userProfile' },
    queryFn: ({ signal }) => apiRequest('/api/user-profile/', { schema: userProfileAnswerSchema, signal }),
    // A copy kept on the device may predate the last save: always ask again when the screen opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSaveUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileInput): Promise<UserProfile> =>
      apiRequest('/api/user-profile/', { schema: userProfileAnswerSchema, method: 'PUT', json: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(settingsKeys.profile(), profile);
      // The top bar and guards show the name and email from auth-status.
      void queryClient.invalidateQueries({ queryKey: authKeys.status() });
    },
  });
}

export function useInsurance(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.insurance(),
    meta: { answer: 'insurance' },
    queryFn: ({ signal }) => apiRequest('/api/vendor/insurance/', { schema: insuranceStatusSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useUploadInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { certificate: File; expiresOn: string }): Promise<InsuranceStatus> => {
      const formData = new FormData();
      formData.append('insurance_certificate', input.certificate);
      formData.append('insurance_expires_on', input.expiresOn);
      return apiRequest('/api/vendor/insurance/', {
        schema: insuranceStatusSchema,
        method: 'POST',
        formData,
      });
    },
    onSuccess: (status) => queryClient.setQueryData(settingsKeys.insurance(), status),
  });
}
