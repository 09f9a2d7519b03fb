import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { isNavItemActive, type Portal } from './portal-navigation.ts';
import classes from './sidebar-nav.module.css';

/** The sidebar's links and Logout; `onNavigate` closes the narrow-screen drawer after a tap. */
export function SidebarNav({ portal, onNavigate }: { portal: Portal; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { signOut, pending } = useSignOut();

  return (
    <Stack gap={0} h="100%" justify="space-between">
      <ScrollArea type="auto" flex={1}>
        <nav aria-label={portal.title}>
          {portal.items.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={classes.link}
              />
            );
          })}
        </nav>
      </ScrollArea>
      <NavLink
        component="button"
        type="button"
        label="Logout"
        leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
        onClick={signOut}
        disabled={pending}
        className={classes.link}
      />
    </Stack>
  );
}
