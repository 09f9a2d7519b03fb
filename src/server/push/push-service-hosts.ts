/**
 * The push services browsers subscribe through, by the host of the endpoint they hand out: the only
 * hosts this server sends Web Push to. Chrome, Edge (Chromium), Opera, Samsung Internet and Brave
 * use Firebase Cloud Messaging; Firefox Mozilla's autopush; Safari (macOS 13+, iOS 16.4+) Apple's web
 * push service (web.push.apple.com); the Windows Push Notification Services give a host per region
 * (wns2-*.notify.windows.com). A browser whose service is not here cannot turn push on: it still
 * gets its notifications in the app and by email and text.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Whether a URL's host (lower case, as `new URL()` gives it) is one of PUSH_SERVICE_HOSTS. */
export function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((entry) =>
    entry.startsWith('*.')
      ? hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1
      : hostname === entry,
  );
}
