import { Drawer } from '@mantine/core';
import type { Portal } from './portal-navigation.ts';
import { SidebarNav } from './sidebar-nav.tsx';

/** The sidebar as a drawer over an overlay, below 1024px (signed-in spec, section 9). */
export function NavigationDrawer({
  id,
  opened,
  onClose,
  portal,
}: {
  id: string | undefined;
  opened: boolean;
  onClose: () => void;
  portal: Portal;
}) {
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      title={portal.title}
      size={280}
      padding="xs"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      styles={{ title: { fontWeight: 700 }, body: { height: 'calc(100% - 60px)' } }}
    >
      <SidebarNav portal={portal} onNavigate={onClose} />
    </Drawer>
  );
}
