import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

/** A new build waits for the user's go-ahead (service-worker-start.ts calls this). */
export function setUpdateReady(value: boolean, waiting: Workbox | null = workbox): void {
  workbox = waiting;
  updateReady = value;
  for (const listener of listeners) listener();
}

/**
 * Registers sw/sw.ts (built to /sw.js) in production builds only: in dev a service worker would serve
 * stale modules. A new build waits until the user accepts the reload prompt (UpdatePrompt). The
 * registration's code loads here, not with the page (service-worker-start.ts).
 */
export function registerServiceWorker(): void {
  void import('./service-worker-start.ts').then((m) => m.startServiceWorker());
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
