// main.tsx asks for the current route's chunks and stylesheets at once, beside the app's start, instead
// of after it (issue 16: one round trip less before a signed-in page can show its data). The list
// comes with the shell (src/shared/route-chunks.ts).
import { ROUTE_CHUNKS_ID, type RouteChunks, routeFiles } from '#shared/route-chunks.ts';

/** Adds the current route's chunks (modulepreload) and stylesheets to the document's head. */
export function preloadRouteChunks(pathname: string): void {
  const data = document.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!data) return;
  for (const file of routeFiles(JSON.parse(data) as RouteChunks, pathname)) {
    const link = document.createElement('link');
    link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.appendChild(link);
  }
}
