import { modals } from '@mantine/modals';
import { useEffect } from 'react';

type ConfirmDialog = Parameters<typeof modals.openConfirmModal>[0];

interface HostState {
  mounted: Promise<void>;
  markMounted: () => void;
}

function waitingHost(): HostState {
  let markMounted = () => {};
  const mounted = new Promise<void>((resolve) => {
    markMounted = resolve;
  });
  return { mounted, markMounted };
}

let host = waitingHost();

/**
 * For ModalsHost: marks its provider as listening while it is mounted. Its child's effects (the
 * provider subscribing to Mantine's modal events) have run by the time this one does.
 */
export function useModalsHostMounted(): void {
  useEffect(() => {
    host.markMounted();
    return () => {
      host = waitingHost();
    };
  }, []);
}

/**
 * Opens a confirm dialog on the signed-in screens. Mantine's `modals.openConfirmModal` is an event for
 * a ModalsProvider to hear, and the signed-in layout loads its provider (ModalsHost) just after its
 * first render: a tap before it arrived was heard by nobody and the dialog never opened.
 * This waits for the host instead.
 */
export function openConfirmDialog(dialog: ConfirmDialog): void {
  void host.mounted.then(() => modals.openConfirmModal(dialog));
}
