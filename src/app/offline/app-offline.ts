import { KEEP_APP_MESSAGE, type SignedInRole } from '#shared/app-families.ts';
import { serviceWorkerRegistered } from './service-worker-start.ts';

/**
 * Whether this page's worker registered. Registration starts a moment after the first paint and is
 * waited for; a page that can have none (no worker support, a test without a browser) answers false
 * at once instead of waiting for a registration that never starts.
 */
async function registeredOrNot(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  return serviceWorkerRegistered;
}

/**
 * Asks the service worker to store the files of a signed-in role's screens (a first visit precaches
 * only the shell and the public pages; sw/app-families.ts), and to remember the role for the
 * installed app's start. `stored` once every file is; `incomplete` when one could not be downloaded
 * (offline, a server error); `no-worker` when the page has none (dev, an old browser, registration
 * refused), so nothing opens offline beyond what the browser's own cache holds.
 * `remember: false` stores the files without making the role the installed app's start.
 */
export async function keepAppOffline(
  role: SignedInRole,
  { remember = true } = {},
): Promise<'stored' | 'incomplete' | 'no-worker'> {
  if (!(await registeredOrNot())) return 'no-worker';
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return 'no-worker';
  const channel = new MessageChannel();
  const answer = new Promise<'stored' | 'incomplete'>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ ok?: unknown }>) =>
      resolve(event.data?.ok === true ? 'stored' : 'incomplete');
  });
  worker.postMessage({ type: KEEP_APP_MESSAGE, role, remember }, [channel.port2]);
  return answer;
}
