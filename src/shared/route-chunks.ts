// The shell (index.html) lists, per route, the chunks and stylesheets its screens need beyond the
// app's own: scripts/prerender-plugin.ts writes the list as JSON (a data block, which no CSP counts
// as a script), src/app/route-chunks.ts reads it for the current route.

/** The id of the JSON data block in the shell. */
export const ROUTE_CHUNKS_ID = 'route-chunks';

/** `files` once, each route's entries as indexes into it. */
export interface RouteChunks {
  files: string[];
  routes: Record<string, number[]>;
}

/** How well a route pattern matches a path: a higher score is more specific; null when it does not. */
export function matchScore(pattern: string, pathname: string): number | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  let score = 0;
  for (const [index, part] of wanted.entries()) {
    if (part === '*') return score;
    const segment = given[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) score += 1;
    else if (part === segment) score += 2;
    else return null;
  }
  return wanted.length === given.length ? score : null;
}

/** The pattern that matches a path best (matchScore), or null when none does. */
export function bestMatch(patterns: Iterable<string>, pathname: string): string | null {
  let best: { pattern: string; score: number } | null = null;
  for (const pattern of patterns) {
    const score = matchScore(pattern, pathname);
    if (score !== null && (best === null || score > best.score)) best = { pattern, score };
  }
  return best?.pattern ?? null;
}

/** The files of the route that matches best, if the list knows the path. */
export function routeFiles(list: RouteChunks, pathname: string): string[] {
  const pattern = bestMatch(Object.keys(list.routes), pathname);
  return (pattern === null ? [] : (list.routes[pattern] ?? [])).flatMap((index) => list.files[index] ?? []);
}
