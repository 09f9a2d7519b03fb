import { ModalsProvider } from '@mantine/modals';

/**
 * Mantine's confirm dialogs (`modals.openConfirmModal`, which the signed-in screens call through
 * Mantine's own events): a provider beside the screens rather than around them, so the signed-in
 * layout loads it, with Modal, just after its first render (issue 16).
 */
export function ModalsHost() {
  return <ModalsProvider>{null}</ModalsProvider>;
}
