// main.tsx asks for the current route's chunks and stylesheets at once, beside the app's start, instead
// of after it (issue 16: one round trip less before a signed-in page can show its data). The list
// comes with the shell (src/shared/route-chunks.ts).
import { ROUTE_CHUNKS_ID, type RouteChunks, routeFiles } from '#shared/route-chunks.ts';

/**
 * Links added a task at a time: each costs the main thread about a millisecond (a stylesheet about
 * three), and a route has over a hundred, which in one task was the longest task of a signed-in
 * page's start (issue 16: total blocking time).
 */
const LINKS_PER_TASK = 10;

/**
 * Adds the current route's stylesheets, then its chunks (modulepreload), to the document's head, a few
 * a task. Resolves once all are there: the app's dynamic imports then find them rather than add their
 * own (Vite's preload helper adds a link only when the document has none for the file).
 */
export function preloadRouteChunks(pathname: string): Promise<void> {
  const data = document.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!data) return Promise.resolve();
  const files = routeFiles(JSON.parse(data) as RouteChunks, pathname);
  const ordered = [
    ...files.filter((file) => file.endsWith('.css')),
    ...files.filter((file) => !file.endsWith('.css')),
  ];
  return new Promise((resolve) => {
    const addFrom = (start: number) => {
      for (const file of ordered.slice(start, start + LINKS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
        link.crossOrigin = '';
        link.href = `/${file}`;
        document.head.appendChild(link);
      }
      if (start + LINKS_PER_TASK < ordered.length) setTimeout(() => addFrom(start + LINKS_PER_TASK), 0);
      else resolve();
    };
    addFrom(0);
  });
}
