import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationSettingsSchema,
} from '#shared/notification-preferences.ts';
import type { PhoneCodeInput } from '#shared/phone-verification.ts';
import type { UserProfile } from '#shared/user-profile.ts';
import { settingsKeys } from './api.ts';

// Settings → Notifications: master switches, per-category channels, quiet hours.

const PATH = '/api/notification-settings/';
export const notificationSettingsKey = ['settings', 'notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }): Promise<NotificationSettings> =>
      apiRequest(PATH, { schema: notificationSettingsSchema, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput): Promise<NotificationSettings> =>
      apiRequest(PATH, { schema: notificationSettingsSchema, method: 'PUT', json: input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsKey, settings);
      // The profile carries the same two switches (signed-in spec): keep its copy in step.
      queryClient.setQueryData<UserProfile>(settingsKeys.profile(), (profile) =>
        profile
          ? {
              ...profile,
              email_notifications: settings.email_notifications,
              sms_notifications: settings.sms_notifications,
            }
          : profile,
      );
    },
  });
}

const SEND_CODE_PATH = '/api/notification-settings/phone/verification/';
const VERIFY_CODE_PATH = '/api/notification-settings/phone/verify/';

/**
 * Texting a code to the profile's number and confirming it with that code: both answer the
 * settings, which replace the cached ones. A refusal may mean a code was spent (five wrong tries),
 * so the settings are asked for again then too.
 */
function usePhoneCall<Input>(call: (input: Input) => Promise<NotificationSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey, settings),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationSettingsKey }),
  });
}

export function useSendPhoneCode() {
  return usePhoneCall(
    (): Promise<NotificationSettings> =>
      apiRequest(SEND_CODE_PATH, { schema: notificationSettingsSchema, method: 'POST' }),
  );
}

export function useVerifyPhoneCode() {
  return usePhoneCall(
    (input: PhoneCodeInput): Promise<NotificationSettings> =>
      apiRequest(VERIFY_CODE_PATH, { schema: notificationSettingsSchema, method: 'POST', json: input }),
  );
}
