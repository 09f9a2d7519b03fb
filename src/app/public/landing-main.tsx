// The script of the prerendered landing page: its own entry, so what the landing page
// downloads is this, its root and its page, nothing main.tsx carries for the app. In development the
// shared entry (main.tsx) starts the same root. Its chunks are fetched once the page has painted and
// loaded (afterPaintAndLoad).
// First: zod's CSP setting, before the forms' modules build their schemas (zod-csp.ts).
import '#app/zod-csp.ts';
import { evaluateRouteChunks, preloadRouteChunks } from '#app/route-chunks.ts';
import { afterPaintAndLoad } from '#app/start-timing.ts';

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');
void afterPaintAndLoad()
  // Its chunks' preload links a few a task, then the chunks run one a task: not all in the one task
  // of the import (route-chunks.ts).
  .then(() => preloadRouteChunks(window.location.pathname))
  .then(() => evaluateRouteChunks(window.location.pathname))
  .then(() => import('./landing-root.tsx'))
  .then((m) => m.startLanding(container));
