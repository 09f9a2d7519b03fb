// The script of every page but the prerendered landing page (which has its own entry,
// src/app/public/landing-main.tsx; here `/` only in development). It starts the app with its router,
// with the route's chunks and first calls under way at once (issue 16).

import { isSignedInArea } from '#shared/prerendered-pages.ts';
import { startEarlyRequests } from './lib/early-requests.ts';
import { preloadRouteChunks } from './route-chunks.ts';
import { afterFirstPaint } from './start-timing.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (window.location.pathname === '/') {
  void import('./public/landing-root.tsx').then((m) => m.startLanding(container));
} else {
  // A signed-in page's first calls go out now, beside the scripts (early-requests.ts).
  if (isSignedInArea(window.location.pathname)) startEarlyRequests(window.location);
  preloadRouteChunks(window.location.pathname);
  // The page's HTML paints first; zod's CSP setting comes before any module that builds a schema
  // (zod-csp.ts).
  void afterFirstPaint()
    .then(() => import('./zod-csp.ts'))
    .then(() => import('./start-app.tsx'))
    .then((m) => m.startApp(container));
}
