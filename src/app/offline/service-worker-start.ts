import { listenForInstallOffer } from './install-offer-state.ts';
import { setUpdateReady } from './service-worker-registration.ts';

// Long-lived tabs (a vendor keeps the installed app open for days) look for a new build hourly.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let settle: (registered: boolean) => void = () => undefined;
/**
 * Whether this page has a service worker: true once registered; false in dev, without support or
 * when registration failed (the app then has no offline copy at all).
 */
export const serviceWorkerRegistered = new Promise<boolean>((resolve) => {
  settle = resolve;
});

let started = false;

/** Registers the worker (production builds only) and listens for the browser's install offer. */
export async function startServiceWorker(): Promise<void> {
  if (started) return;
  started = true;
  // The browser's install offer comes once, after load: listen from now on.
  listenForInstallOffer();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    settle(false);
    return;
  }
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  setUpdateReady(false, wb);
  wb.addEventListener('waiting', () => setUpdateReady(true, wb));
  try {
    await wb.register();
    settle(true);
  } catch (error) {
    // The app works without a worker (no offline shell); nothing to tell the user.
    console.warn('Service worker registration failed', error);
    settle(false);
    return;
  }
  window.setInterval(() => void wb.update(), UPDATE_CHECK_INTERVAL_MS);
}
