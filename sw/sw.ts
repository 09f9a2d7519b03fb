/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { FamilyManifestEntry } from '#shared/app-families.ts';
import { isInstalledAppStart, isSignedInRole, KEEP_APP_MESSAGE, roleHome } from '#shared/app-families.ts';
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
import { appFamilies, rememberedRole } from './app-families.ts';
import { askClientsToFlushOutbox, type SyncEvent } from './outbox-sync.ts';
import { openFromNotification, showPush } from './push-notifications.ts';

declare const self: ServiceWorkerGlobalScope & {
  // Filled in at build time by vite-plugin-pwa (injectManifest) with every file the build emits,
  // each of a signed-in family naming it (scripts/precache-families.ts).
  __WB_MANIFEST: Array<FamilyManifestEntry | string>;
};

// The app asks for the viewer's static files with their content version (`?v=`), which the files' own
// revision already covers, so it is ignored.
const ignoreURLParametersMatching = [/^utm_/, /^fbclid$/, new RegExp(`^${VIEWER_ASSET_VERSION_PARAM}$`)];

// A first visit precaches the shell and the public pages; the signed-in families' files wait until
// the page names the role signed in (KEEP_APP_MESSAGE below), or are kept as the app loads them.
const families = appFamilies(self.__WB_MANIFEST, self.location.origin, ignoreURLParametersMatching);
precache(families.firstVisit);

// The installed app's start (manifest start_url `/?source=pwa`): a device with a signed-in user opens
// that user's home, without the landing page and its cookie banner painting first; anyone else gets
// the landing page. Registered before the precache's route, which would answer `/` with the shell.
const landing = createHandlerBoundToURL(`/${PRERENDERED_PAGES['/']}`);
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isInstalledAppStart(url),
  async (options) => {
    const role = await rememberedRole().catch(() => null);
    return role ? Response.redirect(roleHome(role), 302) : landing(options);
  },
);

addRoute({ ignoreURLParametersMatching });
cleanupOutdatedCaches();

// A new build stores the signed-in role's files before it takes over, so an update installed online
// still opens every screen offline; a file that fails now is stored when the app loads it.
self.addEventListener('install', (event) => {
  event.waitUntil(
    rememberedRole()
      .then((role) => (role ? families.keep(role, false) : true))
      .catch(() => false),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(families.prune().catch(() => undefined)));

// The signed-in families' files: stored copies first, else the network (and kept for next time).
registerRoute(
  ({ request }) => families.owns(request),
  ({ request }) => families.serve(request),
);

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
  // The page names the role signed in: store its files, and answer on the port once they are.
  if (type === KEEP_APP_MESSAGE) {
    const { role, remember } = event.data as { role?: unknown; remember?: unknown };
    const port = event.ports[0];
    const kept = isSignedInRole(role) ? families.keep(role, remember !== false) : Promise.resolve(false);
    event.waitUntil(
      kept.then((ok) => port?.postMessage({ ok })).catch(() => port?.postMessage({ ok: false })),
    );
  }
  // Sign-out: no file of this user may be served to whoever signs in next (the remembered role goes too).
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
