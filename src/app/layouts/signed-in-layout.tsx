import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SelectedPropertyProvider } from '#app/properties/selected-property-context.tsx';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { useLayouts } from '#app/ui/use-wide-from.ts';
import type { Portal } from './portal-navigation.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import classes from './signed-in-layout.module.css';
import { TopBar } from './top-bar.tsx';

// Sidebar breakpoint from the signed-in spec, section 9: 1024px (64em at the default 16px; the
// module's CSS uses the same).
const WIDE_QUERY = '(min-width: 64em)';
const SIDEBAR_ID = 'fieldbid-sidebar';
const DRAWER_ID = 'fieldbid-navigation-drawer';

// The drawer (Modal's machinery) loads when a phone first opens the navigation.
const ModalsHost = lazy(() => import('#app/ui/modals-host.tsx').then((m) => ({ default: m.ModalsHost })));

const NavigationDrawer = lazy(() =>
  import('./navigation-drawer.tsx').then((m) => ({ default: m.NavigationDrawer })),
);

/**
 * The frame of both signed-in areas (signed-in spec, section 2). From 1024px the sidebar sits beside
 * the page, open by default, and the menu button collapses it. Below 1024px it is a drawer over an
 * overlay: tapping the overlay, pressing Escape or following a link closes it. Which of the two a
 * viewport gets is CSS's choice (a media query at 1024px), never a width measured by script, so a
 * server-rendered page is laid out right before any script runs: each has its own menu button, the
 * sidebar's drawn open and the drawer's closed.
 */
export function SignedInLayout({ portal }: { portal: Portal }) {
  return (
    <SelectedPropertyProvider>
      {portal.Companion ? <portal.Companion /> : null}
      <SignedInFrame portal={portal} />
    </SelectedPropertyProvider>
  );
}

function SignedInFrame({ portal }: { portal: Portal }) {
  const layouts = useLayouts(WIDE_QUERY);
  const [wideOpen, wideSidebar] = useDisclosure(true);
  const [narrowOpen, narrowSidebar] = useDisclosure(false);
  // The drawer closes should the viewport grow past the breakpoint while it is open.
  const drawerOpen = narrowOpen && layouts.narrow;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: '64em', collapsed: { mobile: true, desktop: !wideOpen } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <TopBar
          narrowMenu={{ opened: narrowOpen, onToggle: narrowSidebar.toggle, controls: DRAWER_ID }}
          wideMenu={{ opened: wideOpen, onToggle: wideSidebar.toggle, controls: SIDEBAR_ID }}
          settingsPath={portal.settingsPath}
        />
      </AppShell.Header>

      <AppShell.Navbar id={SIDEBAR_ID} p="xs" className={classes.wideOnly}>
        {/* Rendered only while shown: a collapsed navbar is moved off screen, not hidden from Tab. */}
        {layouts.wide && wideOpen ? (
          <>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py="xs">
              {portal.title}
            </Text>
            <SidebarNav portal={portal} />
          </>
        ) : null}
      </AppShell.Navbar>

      <LazyDialog
        dialog={NavigationDrawer}
        open={drawerOpen}
        props={{
          id: DRAWER_ID,
          opened: drawerOpen,
          onClose: narrowSidebar.close,
          portal,
        }}
      />

      <AppShell.Main>
        <Outlet />
        {/* Confirm dialogs (modals.openConfirmModal) for the signed-in screens. */}
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
