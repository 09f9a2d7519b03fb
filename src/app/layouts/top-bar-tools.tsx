import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { NotificationBell } from '#app/notifications/notification-bell.tsx';
import { OfflineStatus } from '#app/outbox/offline-status.tsx';
import { PropertyDropdown } from './property-dropdown.tsx';
import { TopBarSearch } from './top-bar-search.tsx';

/**
 * The top bar's tools: the property dropdown, search, the field status, the notification bell and the
 * settings menu. Their menus and popovers (floating-ui) come in a chunk of their own, right after the
 * page's first render (they are not what a signed-in page waits for).
 */
export function TopBarTools({ settingsPath }: { settingsPath: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <>
      <PropertyDropdown />
      <TopBarSearch />
      <Box flex={1} miw={0} />
      <OfflineStatus />
      <NotificationBell />
      <Menu position="bottom-end" width={180} shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            style={{ flexShrink: 0 }}
            aria-label="Settings menu"
          >
            <IconSettings size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={settingsPath} leftSection={<IconSettings size={16} aria-hidden />}>
            Settings
          </Menu.Item>
          <Menu.Item onClick={signOut} disabled={pending} leftSection={<IconLogout size={16} aria-hidden />}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
