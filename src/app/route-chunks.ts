// main.tsx asks for the current route's chunks and stylesheets at once, beside the app's start, instead
// of after it (one round trip less before a signed-in page can show its data). The list
// comes with the shell (src/shared/route-chunks.ts).
import { ROUTE_CHUNKS_ID, type RouteChunks, routeFiles } from '#shared/route-chunks.ts';
import { nextTask } from './start-timing.ts';

/** The files the page lists for this path, dependencies before what imports them; none unlisted. */
function listedFiles(pathname: string): string[] {
  const data = document.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  return data ? routeFiles(JSON.parse(data) as RouteChunks, pathname) : [];
}

/**
 * Each link costs the main thread about a millisecond on a desktop and 5–10 ms at Lighthouse's 4×
 * slowdown (a stylesheet more), and a route has 20 to over a hundred: in one task they were the longest
 * task of a page's start (total blocking time). So a task adds at most this many links, and
 * stops early once it has run this long, whichever comes first: on a slow phone a task stays short.
 */
const LINKS_PER_TASK = 10;
const TASK_BUDGET_MS = 8;

/**
 * Adds the current route's stylesheets, then its chunks (modulepreload), to the document's head, a few
 * a task. Resolves once all are there: the app's dynamic imports then find them rather than add their
 * own (Vite's preload helper adds a link only when the document has none for the file).
 */
export function preloadRouteChunks(pathname: string): Promise<void> {
  const files = listedFiles(pathname);
  const ordered = [
    ...files.filter((file) => file.endsWith('.css')),
    ...files.filter((file) => !file.endsWith('.css')),
  ];
  return new Promise((resolve) => {
    let next = 0;
    const addSome = () => {
      const started = performance.now();
      const last = Math.min(next + LINKS_PER_TASK, ordered.length);
      do {
        const file = ordered[next++]!;
        const link = document.createElement('link');
        link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
        link.crossOrigin = '';
        link.href = `/${file}`;
        document.head.appendChild(link);
      } while (next < last && performance.now() - started < TASK_BUDGET_MS);
      if (next < ordered.length) setTimeout(addSome, 0);
      else resolve();
    };
    if (ordered.length === 0) resolve();
    else addSome();
  });
}

/**
 * Runs the route's chunks one at a time, a task each, dependencies first, before the app's import
 * would run them all in one: evaluating the app and a wizard's modules (React, Mantine, zod and the
 * schemas built at load) was one task of 120–290 ms at 4× slowdown (total blocking time).
 * A chunk that fails to load is left to the app's own import, which reports it.
 */
export async function evaluateRouteChunks(pathname: string): Promise<void> {
  for (const file of listedFiles(pathname)) {
    if (file.endsWith('.css')) continue;
    // The chunk's address as the app's imports resolve it: one module, evaluated once.
    await import(/* @vite-ignore */ `/${file}`).catch(() => undefined);
    await nextTask();
  }
}
