import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { AppRoot } from './app-root.tsx';
import { installSessionExpiryHandler } from './auth/session-expiry.ts';
import { isPrerenderedFor } from './lib/prerendered-root.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './offline/service-worker-registration.ts';
import { appRoutes, createAppRouter } from './router.tsx';
import { afterLoadAndIdle } from './start-timing.ts';

/**
 * Loads the screens of the current location before the router starts: hydrating prerendered HTML
 * needs them rendered at once (a lazy route still loading would replace the page with the loader),
 * and elsewhere it saves the router a round of its own.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Starts the app on every page but the landing page: hydrates a prerendered page, renders the rest. */
export async function startApp(container: HTMLElement): Promise<void> {
  const prerendered = isPrerenderedFor(container, window.location.pathname);
  // A chunk that fails to load leaves the work to the router, whose error screen offers a reload.
  await loadMatchedRoutes().catch(() => undefined);
  const router = createAppRouter();
  installSessionExpiryHandler(router, queryClient);
  const app = <AppRoot router={<RouterProvider router={router} />} />;
  // As a transition, React renders (and hydrates) in slices that yield to the browser every few
  // milliseconds: no single long task blocks a tap while the page starts (issue 16: total blocking time).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // Its precache downloads wait until the page has loaded and the browser is idle.
  void afterLoadAndIdle().then(registerServiceWorker);
}
