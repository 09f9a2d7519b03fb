import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pinDateDisplay } from '#shared/date-display.ts';
import { FIRST_ANSWERS_ID, type FirstAnswers } from '#shared/signed-in-pages.ts';
import { AppRoot } from './app-root.tsx';
import { rememberTimeZone } from './lib/cookies.ts';
import { isPrerenderedFor } from './lib/prerendered-root.ts';
import { queryClient } from './lib/query-client.ts';
import { assumeTokenWhileHydrating, getToken } from './lib/token-store.ts';
import { registerServiceWorker } from './offline/service-worker-registration.ts';
import { AppRoutes, loadScreensFor } from './router.tsx';
import { afterLoadAndIdle } from './start-timing.ts';
import { LoadingBrowserRouter } from './ui/loading-browser-router.tsx';
import { recordTypingWhileHydrating } from './ui/prerendered-form.ts';
import { renderBothLayouts } from './ui/use-wide-from.ts';

/**
 * A signed-in page the server rendered (src/server/pages/signed-in-render.ts) hydrates with the answers
 * it was rendered from, and with the stored token the server's render took for granted. Without them
 * (signed out in another tab meanwhile, an answer this app reads differently) the app renders it anew.
 */
async function takeFirstAnswers(): Promise<boolean> {
  const block = document.getElementById(FIRST_ANSWERS_ID);
  if (!block) return true;
  block.remove();
  const token = getToken();
  if (token === null) return false;
  try {
    const [{ keepFirstAnswers, seedReadAnswers }, { preloadTopBarTools }] = await Promise.all([
      import('./prerender/first-screen-keys.ts'),
      import('./layouts/top-bar.tsx'),
    ]);
    // The frame's lazy part hydrates with the rest, not in a long task of its own afterwards.
    await preloadTopBarTools();
    const { renderedAt, answers } = JSON.parse(block.textContent ?? '') as FirstAnswers;
    const location = { pathname: window.location.pathname, search: window.location.search };
    if (!seedReadAnswers(queryClient, location, answers)) return false;
    // Kept on the device like fetched answers, once the page is idle: the user's database (Dexie) is
    // not loaded for it before the page is taken over.
    void afterLoadAndIdle().then(() => keepFirstAnswers(queryClient, location, answers, renderedAt));
    // '2 hours ago' counted from the server's render time wherever React hydrates (useNow's server
    // snapshot); both layouts, as the server wrote them, until the first navigation: parts of the page
    // hydrate after its commit (Mantine's tab panels are <Activity> boundaries), and they must find both too.
    pinDateDisplay({ now: renderedAt });
    renderBothLayouts(true);
  } catch {
    return false;
  }
  assumeTokenWhileHydrating(token);
  return true;
}

/** Starts the app on every page but the landing page: hydrates a prerendered page, renders the rest. */
export async function startApp(container: HTMLElement): Promise<void> {
  // Hydrating prerendered HTML needs the location's screens rendered at once; elsewhere loading them
  // first saves a round of suspending. A chunk that fails to load leaves the work to the routes, whose
  // error screen offers a reload.
  await loadScreensFor(window.location).catch(() => undefined);
  const prerendered = isPrerenderedFor(container, window.location.pathname) && (await takeFirstAnswers());
  // What is typed into a prerendered form meanwhile is kept for the form (prerendered-form.ts), until
  // the task after the commit: its forms' replay runs in a microtask of the commit.
  const stopRecording = prerendered ? recordTypingWhileHydrating(container) : () => {};
  const onCommit = () => {
    // A server-rendered page stays inert until hydrated (src/server/pages/signed-in-render.ts).
    container.removeAttribute('inert');
    setTimeout(stopRecording, 0);
  };
  const router = (
    <LoadingBrowserRouter prepare={loadScreensFor}>
      <AppRoutes />
    </LoadingBrowserRouter>
  );
  const app = <AppRoot router={router} onCommit={onCommit} />;
  // As a transition, React renders (and hydrates) in slices that yield to the browser every few
  // milliseconds: no single long task blocks a tap while the page starts (total blocking time).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // Its precache downloads wait until the page has loaded and the browser is idle; so does reading the
  // time zone, whose first read costs the main thread a long task's worth on a slow phone.
  void afterLoadAndIdle().then(() => {
    rememberTimeZone();
    registerServiceWorker();
  });
}
