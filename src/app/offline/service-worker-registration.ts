import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

// Long-lived tabs (a vendor keeps the installed app open for days) look for a new build hourly.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

function setUpdateReady(value: boolean): void {
  updateReady = value;
  for (const listener of listeners) listener();
}

/**
 * Registers sw/sw.ts (built to /sw.js) in production builds only: in dev a service worker would serve
 * stale modules. A new build waits until the user accepts the reload prompt (UpdatePrompt).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => setUpdateReady(true));
  workbox = wb;
  try {
    await wb.register();
  } catch (error) {
    // The app works without a worker (no offline shell); nothing to tell the user.
    console.warn('Service worker registration failed', error);
    return;
  }
  window.setInterval(() => void wb.update(), UPDATE_CHECK_INTERVAL_MS);
}

/** Activates the waiting worker and reloads once it controls the page. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  setUpdateReady(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a new version waits for the user's go-ahead. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => updateReady,
    () => false,
  );
}
