import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SelectedPropertyProvider } from '#app/properties/selected-property-context.tsx';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { useMatchesNow } from '#app/ui/use-wide-from.ts';
import type { Portal } from './portal-navigation.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { TopBar } from './top-bar.tsx';

// Sidebar breakpoint from the signed-in spec, section 9: 1024px (64em at the default 16px).
const WIDE_QUERY = '(min-width: 64em)';
const SIDEBAR_ID = 'fieldbid-sidebar';

// The drawer (Modal's machinery) loads when a phone first opens the navigation.
const ModalsHost = lazy(() => import('#app/ui/modals-host.tsx').then((m) => ({ default: m.ModalsHost })));

const NavigationDrawer = lazy(() =>
  import('./navigation-drawer.tsx').then((m) => ({ default: m.NavigationDrawer })),
);

/**
 * The frame of both signed-in areas (signed-in spec, section 2). From 1024px the sidebar sits beside
 * the page, open by default, and the menu button collapses it. Below 1024px it is a drawer over an
 * overlay: tapping the overlay, pressing Escape or following a link closes it.
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
  const wide = useMatchesNow(WIDE_QUERY);
  const [wideOpen, wideSidebar] = useDisclosure(true);
  const [narrowOpen, narrowSidebar] = useDisclosure(false);
  const opened = wide ? wideOpen : narrowOpen;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: '64em', collapsed: { mobile: true, desktop: !wideOpen } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <TopBar
          sidebarOpened={opened}
          onToggleSidebar={wide ? wideSidebar.toggle : narrowSidebar.toggle}
          sidebarId={SIDEBAR_ID}
          settingsPath={portal.settingsPath}
        />
      </AppShell.Header>

      <AppShell.Navbar id={wide ? SIDEBAR_ID : undefined} p="xs">
        {/* Rendered only while shown: a collapsed navbar is moved off screen, not hidden from Tab. */}
        {wide && wideOpen ? (
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
        open={!wide && narrowOpen}
        props={{
          id: wide ? undefined : SIDEBAR_ID,
          opened: !wide && narrowOpen,
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
