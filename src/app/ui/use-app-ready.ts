import { useEffect } from 'react';

/**
 * Marks the page as running its scripts once a root has rendered (`<html data-app-ready>`): with
 * prerendered HTML the page looks the same before, so the browser tests and the bench's offline check
 * wait for this before they act or call the app started.
 */
export function useAppReady(): void {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
}
