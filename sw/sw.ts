/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  FILES_CACHE,
  FILES_CACHE_MAX_AGE_SECONDS,
  FILES_CACHE_MAX_ENTRIES,
  FILES_PATH_PREFIX,
  KEPT_FILES_CACHE,
  OUTBOX_SYNC_TAG,
  SW_MESSAGES,
  USER_CACHES,
} from '#shared/offline-caches.ts';
import { isSignedInArea, PRERENDERED_PAGES, SIGNED_IN_SHELL } from '#shared/prerendered-pages.ts';
import { isSpaPath } from '#shared/spa-paths.ts';
import { VIEWER_ASSET_VERSION_PARAM } from '#shared/viewer-assets.ts';
import { askClientsToFlushOutbox, type SyncEvent } from './outbox-sync.ts';
import { openFromNotification, showPush } from './push-notifications.ts';

declare const self: ServiceWorkerGlobalScope & {
  // Filled in at build time by vite-plugin-pwa (injectManifest) with the hashed app-shell files.
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

// The app shell and the static viewer assets (everything Vite emits, public/ included; the viewer's
// /static/ files are emitted into the build by vite.viewer.config.ts). The app asks for those with
// their content version (`?v=`), which the precache's own revision already covers, so it is ignored.
precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${VIEWER_ASSET_VERSION_PARAM}$`)],
});
cleanupOutdatedCaches();

// The public pages the build prerendered open from their own precached HTML, painted before
// any script runs; registered first, so the shell's route below does not take them.
for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  const page = createHandlerBoundToURL(`/${file}`);
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === path,
    page,
  );
}

// The signed-in areas open from the shell that paints their frame (the installed app's screens).
const signedInShell = createHandlerBoundToURL(`/${SIGNED_IN_SHELL}`);
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isSignedInArea(url.pathname),
  signedInShell,
);

// Deep links open offline: a navigation to one of the PWA's own routes gets the precached shell and
// the router takes it from there. /api/ and any path the server renders itself (payment checkout,
// static viewer assets) always go to the network.
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isSpaPath(url.pathname),
  appShell,
);

// Photos, layouts and panoramas (/api/files/<key>) are immutable per key: cache-first, bounded by
// entry count and age, and dropped first when the origin runs out of quota. Jobs the vendor keeps for
// the field have their files in a cache of their own, which the bound never touches. No other API
// answer is cached here: JSON lives in the signed-in user's IndexedDB only.
const files = new CacheFirst({
  cacheName: FILES_CACHE,
  plugins: [
    new ExpirationPlugin({
      maxEntries: FILES_CACHE_MAX_ENTRIES,
      maxAgeSeconds: FILES_CACHE_MAX_AGE_SECONDS,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(FILES_PATH_PREFIX),
  async (options) => {
    const kept = await caches.match(options.request, { cacheName: KEPT_FILES_CACHE });
    return kept ?? files.handle(options);
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // A new worker waits until the user accepts the "new version" prompt, so a page never runs against
  // a shell from a different build (src/app/offline/service-worker-registration.ts sends this).
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  // Sign-out: no file of this user may be served to whoever signs in next.
  if (type === SW_MESSAGES.clearUserCaches) {
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))).then(() => undefined));
  }
});

// Background Sync (Chromium): the connection is back, possibly while the app is in the background.
// The page owns the outbox (its database is per user and the bearer token lives in its storage), so
// the worker wakes the open windows to send it; see outbox-sync.ts.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(askClientsToFlushOutbox(self.clients));
});

// Web Push: show what the server sent, and open its screen when the notification is clicked.
self.addEventListener('push', (event) => event.waitUntil(showPush(self, event)));
self.addEventListener('notificationclick', (event) =>
  event.waitUntil(openFromNotification(self, event.notification)),
);
