import { Anchor, Box, Burger, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { preloadableLazy } from '#app/ui/preloadable-lazy.ts';
import { ownDashboardPath } from '#shared/navigation.ts';
import classes from './top-bar.module.css';

const TopBarTools = preloadableLazy(() => import('./top-bar-tools.tsx').then((m) => m.TopBarTools));

/** Loads the tools before a server-rendered page is hydrated (start-app.tsx). */
export const preloadTopBarTools = TopBarTools.preload;

interface TopBarProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  sidebarId: string;
  settingsPath: string;
}

/**
 * The signed-in top bar: menu button and logo at once, then the tools (top-bar-tools.tsx: property
 * dropdown, search, field status, notification bell, settings menu) as soon as their chunk is in.
 */
export function TopBar({ sidebarOpened, onToggleSidebar, sidebarId, settingsPath }: TopBarProps) {
  const { data } = useAuthStatus();
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
      <Suspense fallback={<Box flex={1} miw={0} />}>
        <TopBarTools settingsPath={settingsPath} />
      </Suspense>
    </Group>
  );
}
