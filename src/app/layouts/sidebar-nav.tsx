import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { isNavItemActive, navItemTarget, type Portal, type PortalNavItem } from './portal-navigation.ts';
import classes from './sidebar-nav.module.css';

interface ItemProps {
  item: PortalNavItem;
  pathname: string;
  onNavigate?: () => void;
}

function SidebarLink({ item, pathname, onNavigate, to }: ItemProps & { to: string }) {
  const active = isNavItemActive(item, pathname);
  return (
    <NavLink
      component={Link}
      to={to}
      label={item.label}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}

/** An item whose target follows the top bar's selected property (the manager's Property Documentation). */
function PropertySidebarLink(props: ItemProps) {
  const { selected } = useSelectedProperty();
  return <SidebarLink {...props} to={navItemTarget(props.item, selected?.id ?? null)} />;
}

/** The sidebar's links and Logout; `onNavigate` closes the narrow-screen drawer after a tap. */
export function SidebarNav({ portal, onNavigate }: { portal: Portal; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { signOut, pending } = useSignOut();

  return (
    <Stack gap={0} h="100%" justify="space-between">
      <ScrollArea type="auto" flex={1}>
        <nav aria-label={portal.title}>
          {portal.items.map((item) =>
            item.toForProperty ? (
              <PropertySidebarLink key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
            ) : (
              <SidebarLink
                key={item.label}
                item={item}
                pathname={pathname}
                onNavigate={onNavigate}
                to={item.to}
              />
            ),
          )}
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
