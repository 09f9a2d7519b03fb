import { ActionIcon, Anchor, Box, Burger, Group, Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { NotificationBell } from '#app/notifications/notification-bell.tsx';
import { OfflineStatus } from '#app/offline/offline-status.tsx';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { ownDashboardPath } from '#shared/navigation.ts';
import { PropertyDropdown } from './property-dropdown.tsx';
import classes from './top-bar.module.css';
import { TopBarSearch } from './top-bar-search.tsx';

interface TopBarProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  sidebarId: string;
  settingsPath: string;
}

/**
 * The signed-in top bar: menu button, logo, and the settings menu. The property dropdown, search box
 * and notification bell of the spec arrive with their own screens and sit in the middle slot.
 */
export function TopBar({ sidebarOpened, onToggleSidebar, sidebarId, settingsPath }: TopBarProps) {
  const { data } = useAuthStatus();
  const { signOut, pending } = useSignOut();
  // The prototype's logo always went to /vendor/dashboard; it goes to the user's own dashboard.
  const home = ownDashboardPath(userOf(data));

  return (
    <Group h="100%" wrap="nowrap" className={classes.bar}>
      <Burger
        opened={sidebarOpened}
        onClick={onToggleSidebar}
        size="sm"
        w={36}
        h={36}
        style={{ flexShrink: 0 }}
        aria-label={sidebarOpened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={sidebarOpened}
        aria-controls={sidebarId}
      />
      <Anchor
        component={Link}
        to={home}
        underline="never"
        aria-label="FieldBid dashboard"
        style={{ flexShrink: 0 }}
      >
        <FieldBidLogo size={30} wordmarkClassName={classes.wordmark} />
      </Anchor>
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
    </Group>
  );
}
