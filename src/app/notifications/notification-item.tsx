import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Notification } from '#shared/notification-schemas.ts';
import { formatNotificationDate } from './notification-format.ts';
import classes from './notifications.module.css';

/**
 * One notification as a button (menu and page): title, message, date; unread ones highlighted,
 * read ones with a check mark (signed-in spec, section 2).
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={notification.is_read ? undefined : true}
      onClick={() => onOpen(notification)}
      aria-label={`${notification.is_read ? '' : 'Unread: '}${notification.title}`}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} flex={1} miw={0}>
          <Text fw={notification.is_read ? 500 : 700} size="sm">
            {notification.title}
          </Text>
          {notification.message ? (
            <Text size="sm" c="dimmed" className={classes.message}>
              {notification.message}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <time dateTime={notification.created_at}>{formatNotificationDate(notification.created_at)}</time>
          </Text>
        </Stack>
        {notification.is_read ? (
          <ThemeIcon variant="light" color="green" size="sm" radius="xl" aria-label="Read">
            <IconCheck size={14} aria-hidden />
          </ThemeIcon>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}
