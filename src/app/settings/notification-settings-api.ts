import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationSettingsSchema,
} from '#shared/notification-preferences.ts';
import type { UserProfile } from '#shared/user-profile.ts';
import { settingsKeys } from './api.ts';

// Settings → Notifications (issue 19): master switches, per-category channels, quiet hours.

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
