/*
 * This browser's Web Push subscription: the Notification permission, the service
 * worker's PushManager and the subscription made with the server's VAPID key. Nothing here runs on
 * page load beyond reading the current state: the permission is asked only from a button the user
 * pressed ("Turn on notifications on this device").
 */

export type PushAvailability =
  /** No service worker, PushManager or Notification here (an old browser, iOS outside the installed app, dev). */
  | 'unsupported'
  /** The user blocked notifications for this site: only the browser's own settings can undo it. */
  | 'blocked'
  | 'available';

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'available';
}

/**
 * The service worker's registration (production builds only). Subscribing needs an active worker,
 * so `active` waits for it (the first visit installs the precache first); reading does not.
 */
async function registration(active: boolean): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const current = await navigator.serviceWorker.getRegistration();
  if (!current) return null;
  return active ? navigator.serviceWorker.ready : current;
}

/** This browser's current subscription's endpoint, or null. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (pushAvailability() === 'unsupported') return null;
  const reg = await registration(false);
  const subscription = await reg?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** base64url (the VAPID public key) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushSetupError extends Error {}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for the Notification permission (the browser's prompt) and subscribes this browser with the
 * server's key; answers what the server must store. A subscription made with another key (the server
 * changed its pair) is replaced.
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<BrowserSubscription> {
  if (pushAvailability() === 'unsupported') {
    throw new PushSetupError(
      'This browser cannot receive push notifications. Install the app or use another browser.',
    );
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in your browser settings, then try again.'
        : 'Notifications were not allowed. Try again and choose Allow.',
    );
  }
  const reg = await registration(true);
  if (!reg)
    throw new PushSetupError('The app is still getting ready on this device. Reload the page and try again.');
  const applicationServerKey = keyBytes(vapidPublicKey);
  let subscription = await reg.pushManager.getSubscription();
  const sameKey = (() => {
    const used = subscription?.options.applicationServerKey;
    if (!used) return false;
    const bytes = new Uint8Array(used);
    return (
      bytes.length === applicationServerKey.length &&
      bytes.every((byte, i) => byte === applicationServerKey[i])
    );
  })();
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new PushSetupError('The browser gave an incomplete subscription. Try again.');
  }
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Ends this browser's subscription (the server forgets it separately). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const reg = await registration(false);
  const subscription = await reg?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
