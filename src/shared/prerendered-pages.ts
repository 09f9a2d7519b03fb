/**
 * The public pages the build renders to HTML with React's server renderer over the app's own
 * components (src/app/prerender), by path, with the file under dist/ that holds each. The
 * server answers these paths with their file, the service worker with its precached copy, and the
 * browser hydrates it. Pages left out depend on what only the browser knows at their first render (a
 * token in the address, the state a previous page passed on) or are not worth it.
 */
export const PRERENDERED_PAGES = {
  '/': 'pages/landing.html',
  '/login': 'pages/login.html',
  '/signup': 'pages/signup.html',
  '/reset-password': 'pages/reset-password.html',
  '/property-manager-application': 'pages/property-manager-application.html',
  '/vendor-application': 'pages/vendor-application.html',
  '/privacy-policy': 'pages/privacy-policy.html',
  '/terms-of-service': 'pages/terms-of-service.html',
} as const satisfies Record<string, string>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** On #root: the path whose HTML it holds, so the browser hydrates only that very page. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The prerendered file of a pathname (exact path, no trailing slash), or null. */
export function prerenderedPageFile(pathname: string): string | null {
  return Object.hasOwn(PRERENDERED_PAGES, pathname) ? PRERENDERED_PAGES[pathname as PrerenderedPath] : null;
}

/** The shell of the signed-in areas: the app's shell with their frame's outline painted in it. */
export const SIGNED_IN_SHELL = 'pages/signed-in.html';

/** The vendor, property manager and admin areas (behind the app's guard). */
export function isSignedInArea(pathname: string): boolean {
  return /^\/(vendor|property-manager|admin)(\/|$)/.test(pathname);
}

/**
 * The HTML file (under dist/) that answers a page load of a pathname: its prerendered page, the
 * signed-in shell, or the plain shell (index.html) of the app's other routes.
 */
export function pageFileFor(pathname: string): string {
  return prerenderedPageFile(pathname) ?? (isSignedInArea(pathname) ? SIGNED_IN_SHELL : 'index.html');
}
