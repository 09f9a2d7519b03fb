// The script of every page but the prerendered landing page (which has its own entry,
// src/app/public/landing-main.tsx; here `/` only in development). It starts the app with its router,
// with the route's chunks and first calls under way at once, except on a prerendered page,
// which fetches them once it has painted and loaded.

// First: zod's CSP setting, before any module that builds a schema (zod-csp.ts).
import './zod-csp.ts';
import { isSignedInArea, PRERENDERED_ATTRIBUTE } from '#shared/prerendered-pages.ts';
import { startEarlyRequests } from './lib/early-requests.ts';
import { evaluateRouteChunks, preloadRouteChunks } from './route-chunks.ts';
import { afterFirstPaint, afterPaintAndLoad } from './start-timing.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (window.location.pathname === '/') {
  void import('./public/landing-root.tsx').then((m) => m.startLanding(container));
} else {
  // A prerendered page reads and works as HTML: its scripts wait until it has painted and loaded
  // (start-timing.ts); every other page needs them to show anything, so they start at once. A
  // signed-in page the server rendered came with its first answers.
  const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
  // Any other signed-in page's first calls go out now, beside the scripts (early-requests.ts).
  if (!prerendered && isSignedInArea(window.location.pathname)) startEarlyRequests(window.location);
  const preloaded = prerendered ? null : preloadRouteChunks(window.location.pathname);
  // The page's HTML paints first.
  void (prerendered ? afterPaintAndLoad() : Promise.all([afterFirstPaint(), preloaded]))
    .then(() => (prerendered ? preloadRouteChunks(window.location.pathname) : undefined))
    .then(() => evaluateRouteChunks(window.location.pathname))
    .then(() => import('./start-app.tsx'))
    .then((m) => m.startApp(container));
}
