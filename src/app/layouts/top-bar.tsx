import { Anchor, Box, Burger, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { preloadableLazy } from '#app/ui/preloadable-lazy.ts';
import { ownDashboardPath } from '#shared/navigation.ts';
import layoutClasses from './signed-in-layout.module.css';
import classes from './top-bar.module.css';

const TopBarTools = preloadableLazy(() => import('./top-bar-tools.tsx').then((m) => m.TopBarTools));

/** Loads the tools before a server-rendered page is hydrated (start-app.tsx). */
export const preloadTopBarTools = TopBarTools.preload;

/** A menu button: whether what it opens is open, how to toggle it, and that element's id. */
interface MenuButton {
  opened: boolean;
  onToggle: () => void;
  controls: string;
}

interface TopBarProps {
  /** Below 1024px: the drawer's button, drawn closed (a burger) until the drawer opens. */
  narrowMenu: MenuButton;
  /** From 1024px: the sidebar's button, drawn open (an X) while the sidebar shows. */
  wideMenu: MenuButton;
  settingsPath: string;
}

function MenuBurger({ menu, className }: { menu: MenuButton; className: string }) {
  return (
    <Burger
      className={className}
      opened={menu.opened}
      onClick={menu.onToggle}
      size="sm"
      w={36}
      h={36}
      style={{ flexShrink: 0 }}
      aria-label={menu.opened ? 'Close navigation' : 'Open navigation'}
      aria-expanded={menu.opened}
      aria-controls={menu.controls}
    />
  );
}

/**
 * The signed-in top bar: menu button and logo at once, then the tools (top-bar-tools.tsx: property
 * dropdown, search, field status, notification bell, settings menu) as soon as their chunk is in.
 * Both menu buttons are in the page; CSS shows the one for the viewport (signed-in-layout.tsx).
 */
export function TopBar({ narrowMenu, wideMenu, settingsPath }: TopBarProps) {
  const { data } = useAuthStatus();
  // The prototype's logo always went to /vendor/dashboard; it goes to the user's own dashboard.
  const home = ownDashboardPath(userOf(data));

  return (
    <Group h="100%" wrap="nowrap" className={classes.bar}>
      <MenuBurger menu={narrowMenu} className={layoutClasses.narrowOnly ?? ''} />
      <MenuBurger menu={wideMenu} className={layoutClasses.wideOnly ?? ''} />
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
