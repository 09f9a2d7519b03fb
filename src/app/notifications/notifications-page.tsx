import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { notificationKeys, useNotifications } from './api.ts';
import { NotificationItem } from './notification-item.tsx';
import { useNotificationActions } from './use-notification-actions.ts';

/** /vendor/notifications and /property-manager/notifications (signed-in spec, section 2). */
export function NotificationsPage() {
  const list = useNotifications('all');
  const { open, markAllRead, markingAll } = useNotificationActions();
  const items = list.data ?? [];
  const hasUnread = items.some((notification) => !notification.is_read);

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" align="baseline" wrap="wrap">
        <div>
          <ScreenTitle>Notifications</ScreenTitle>
          <LastRefreshed queryKey={notificationKeys.list('all')} mt={-8} />
        </div>
        {hasUnread ? (
          <Anchor component="button" type="button" onClick={markAllRead} disabled={markingAll} size="sm">
            Mark all as read
          </Anchor>
        ) : null}
      </Group>
      {/* A failed refresh keeps the last answer on screen: offline, that is the saved copy (LastRefreshed says so). */}
      {list.isPending ? (
        <CenteredLoader label="Loading notifications" />
      ) : list.isError && !list.data ? (
        <ErrorAlert>Failed to fetch notifications</ErrorAlert>
      ) : items.length === 0 ? (
        <Text c="dimmed">No notifications yet</Text>
      ) : (
        <Paper withBorder p={4}>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={open} />
              </li>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
