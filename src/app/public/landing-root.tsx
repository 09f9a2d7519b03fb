import '#app/ui/mantine-base-styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrerenderedFor } from '#app/lib/prerendered-root.ts';
import { afterLoadAndIdle } from '#app/start-timing.ts';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';
import { preloadContactForm } from './landing-footer.tsx';
import { LandingPage } from './landing-page.tsx';

/**
 * The landing page on its own, without the app's router and server-state layers: what a visitor from
 * an email downloads before the page works is React, Mantine's few components and the page itself
 * (at most 100 KB of JavaScript). Links to other pages are page loads of their prerendered
 * HTML; inside the app (a client-side move to `/`) the same page runs under the router.
 */
export function LandingRoot() {
  return (
    <StrictMode>
      <ThemeProvider>
        <LandingPage />
      </ThemeProvider>
    </StrictMode>
  );
}

/** Hydrates the prerendered landing page (or renders it, in development where there is no HTML). */
export async function startLanding(container: HTMLElement): Promise<void> {
  const prerendered = isPrerenderedFor(container, '/');
  // The form in the page's HTML hydrates in place, keeping what was typed into it before (its chunk
  // is already fetched and run: LANDING_HYDRATED_LAZY). A chunk that fails to load leaves it lazy.
  if (prerendered) await preloadContactForm().catch(() => undefined);
  // A transition hydrates in slices that yield to the browser (start-app.tsx says why).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, <LandingRoot />);
    else createRoot(container).render(<LandingRoot />);
  });
  // The installed app's start URL is `/`: its worker is registered here too, once the page is up.
  void afterLoadAndIdle()
    .then(() => import('#app/offline/service-worker-registration.ts'))
    .then((m) => m.registerServiceWorker());
}
