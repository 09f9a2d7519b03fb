import { Box, NavLink, Stack } from '@mantine/core';
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
    // The drawer's body is a block, the sidebar a column below the portal's title: as the column's
    // rest (flex) the links scroll before Logout leaves a short window; in the drawer, its height.
    <Stack gap={0} h="100%" flex="1 1 0" mih={0} justify="space-between">
      {/* The browser's own scrolling: Mantine's ScrollArea was 5 KB gzip of every signed-in first load. */}
      <Box flex={1} className={classes.scroll}>
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
      </Box>
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
