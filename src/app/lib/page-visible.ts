import { useSyncExternalStore } from 'react';

/** Whether the page is on screen now (Page Visibility API): false in a background tab or a minimised window. */
function visibleNow(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Re-renders when the page is shown or hidden. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, visibleNow, () => true);
}
