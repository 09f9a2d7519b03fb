import { ModalsProvider } from '@mantine/modals';
import { useModalsHostMounted } from './confirm-dialog.ts';

/**
 * Mantine's confirm dialogs (`openConfirmDialog`, through Mantine's own events): a provider beside the
 * screens rather than around them, so the signed-in layout loads it, with Modal, just after its first
 * render. A dialog asked for before it is here waits for it (confirm-dialog.ts).
 */
export function ModalsHost() {
  useModalsHostMounted();
  return <ModalsProvider>{null}</ModalsProvider>;
}
