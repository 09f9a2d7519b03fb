import { ActionIcon, Anchor, Box, Button, Group, Indicator, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { unreadBadge } from '#shared/formatters.ts';
import { useLiveNotifications, useNotifications } from './api.ts';
import { NotificationItem } from './notification-item.tsx';
import classes from './notifications.module.css';
import { useNotificationActions } from './use-notification-actions.ts';

/**
 * The top bar's bell (signed-in spec, sections 2 and 9): the unread count as a badge (exact below
 * 10, '9+' from 10) and a menu of the unread notifications. It also keeps the notification lists
 * live while the user is signed in (pushed events).
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const unread = useNotifications('unread');
  useLiveNotifications();
  const { open, markAllRead, markingAll, links } = useNotificationActions(() => setOpened(false));
  const items = unread.data ?? [];
  const count = items.length;

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      {/* The menu's aria attributes belong on the button, not on the badge's wrapper. */}
      <Indicator label={unreadBadge(count)} size={18} color="red" offset={6} disabled={count === 0} inline>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            aria-label={count === 0 ? 'Notifications' : `Notifications, ${unreadBadge(count)} unread`}
          >
            <IconBell size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown p={0} maw="calc(100vw - 16px)">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={700}>Notifications</Text>
          {count > 0 ? (
            <Button variant="subtle" size="compact-sm" onClick={markAllRead} loading={markingAll}>
              Mark all as read
            </Button>
          ) : null}
        </Group>
        <Box className={classes.menuList}>
          {unread.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading notifications" />
            </Group>
          ) : unread.isError ? (
            <Text c="red" size="sm" px="md" pb="sm" role="alert">
              Failed to fetch notifications
            </Text>
          ) : count === 0 ? (
            <Text c="dimmed" size="sm" px="md" pb="sm">
              No notifications yet
            </Text>
          ) : (
            <Stack gap={2} px={4} pb={4}>
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Stack>
          )}
        </Box>
        <Menu.Divider m={0} />
        <Anchor
          component={Link}
          to={links.allNotifications}
          onClick={() => setOpened(false)}
          display="block"
          ta="center"
          size="sm"
          py="sm"
        >
          See all notifications
        </Anchor>
      </Menu.Dropdown>
    </Menu>
  );
}
