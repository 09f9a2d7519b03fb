// The build's server renderer (run by scripts/prerender-plugin.ts in Node, never shipped to the
// browser): each prerendered page is the same tree the browser hydrates, rendered to HTML.
import { StrictMode } from 'react';
import { type RouteObject, StaticRouter } from 'react-router-dom';
import type { PrerenderedPath } from '#shared/prerendered-pages.ts';
import { AppRoot } from '../app-root.tsx';
import { LandingRoot } from '../public/landing-root.tsx';
import { AppRoutes, appRoutes, loadScreensFor, type RouteModuleHandle } from '../router.tsx';
import { type PageTitleCollector, PageTitleContext } from '../ui/page-title.ts';
import { SignedInSkeleton } from '../ui/signed-in-skeleton.tsx';
import { ThemeProvider } from '../ui/theme-provider.tsx';
import { toHtml } from './to-html.ts';

/** The entry (index.html: main.tsx) and what it loads for every path but `/`, in its order. */
export const APP_MODULES = ['index.html', 'src/app/start-app.tsx'];

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The title the page sets for itself (usePageTitle), for the HTML's <title>. */
  title: string | null;
  /** The modules (as in the build's manifest) whose chunks and stylesheets the page needs. */
  modules: string[];
  /**
   * Lazy parts the page renders at once, in its HTML (the landing page's contact form): not part of
   * its first load, but its hydration needs them, so they are in the list its entry fetches.
   */
  hydratedLazy?: string[];
}

async function renderAppPage(path: string, titles: PageTitleCollector): Promise<RenderedPage> {
  const routeModules = await loadScreensFor(path);
  const html = await toHtml(
    <PageTitleContext.Provider value={titles}>
      <AppRoot
        router={
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        }
      />
    </PageTitleContext.Provider>,
  );
  return { html, title: titles.title ?? null, modules: [...APP_MODULES, ...routeModules] };
}

/** The landing page's own entry (a page load of `/`). */
export const LANDING_MODULES = ['src/app/public/landing-main.tsx', 'src/app/public/landing-root.tsx'];
/** The landing page's lazy parts in its HTML (landing-footer.tsx): the contact form. */
const LANDING_HYDRATED_LAZY = ['src/app/public/contact-form.tsx'];

/**
 * Every route pattern with the modules a page load of it runs, from main.tsx's start down to the
 * screen: the prerenderer links them from the HTML, `npm run check:budgets` weighs them.
 */
export function routeModuleTable(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  const walk = (routes: RouteObject[], above: string[]) => {
    for (const route of routes) {
      const handle = route.handle as RouteModuleHandle | undefined;
      const modules = handle ? [...above, handle.module] : above;
      if (route.path) table[route.path] = [...APP_MODULES, ...modules];
      walk(route.children ?? [], modules);
    }
  };
  walk(appRoutes, []);
  table['/'] = LANDING_MODULES;
  return table;
}

export async function renderPage(path: PrerenderedPath): Promise<RenderedPage> {
  const titles: PageTitleCollector = {};
  if (path !== '/') return renderAppPage(path, titles);
  const html = await toHtml(
    <PageTitleContext.Provider value={titles}>
      <LandingRoot />
    </PageTitleContext.Provider>,
  );
  return { html, title: titles.title ?? null, modules: LANDING_MODULES, hydratedLazy: LANDING_HYDRATED_LAZY };
}

/**
 * The signed-in areas' shell: their frame's outline (the guard's first render shows the same), with
 * the theme's CSS variables it is drawn with. The app renders over it, it does not hydrate it.
 */
export function renderSignedInShell(): Promise<string> {
  return toHtml(
    <StrictMode>
      <ThemeProvider>
        <SignedInSkeleton />
      </ThemeProvider>
    </StrictMode>,
  );
}
