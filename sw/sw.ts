/// <reference lib="webworker" />

import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isSpaPath } from '#shared/spa-paths.ts';

declare const self: ServiceWorkerGlobalScope & {
  // Filled in at build time by vite-plugin-pwa (injectManifest) with the hashed app-shell files.
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links open offline: a navigation to one of the PWA's own routes gets the precached shell and
// the router takes it from there. /api/ and any path the server renders itself (payment checkout,
// static viewer assets) always go to the network.
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isSpaPath(url.pathname),
  appShell,
);

// A new worker waits until the user accepts the "new version" prompt, so a page never runs against
// a shell from a different build (src/app/offline/service-worker-registration.ts sends this).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
