// A server-rendered signed-in page arrives with the answers its screen was drawn from, seconds old
// (src/app/prerender/first-screen-keys.ts). The screens that refetch on every mount (their kept
// copy may be days old) need not ask again for those: the refetch's start re-rendered the whole
// screen synchronously right after the hydration (TanStack Query's store changes to "fetching"), one
// long task (total blocking time).

/** How long an answer the server rendered from counts as fresh: the queries' default staleTime. */
const FRESH_MS = 30_000;

// Keyed by TanStack Query's Query objects (any answer type: the key is the object itself).
const renderedAt = new WeakMap<object, number>();

/** Marks a query's answer as the one the page was server-rendered from, received now. */
export function markServerRendered(query: object): void {
  renderedAt.set(query, Date.now());
}

/**
 * `refetchOnMount` of a query that otherwise refetches on every mount: not for an answer the page was
 * server-rendered from in the last 30 seconds (then only if stale, which it is not).
 */
export function refetchUnlessServerRendered(query: object): boolean | 'always' {
  const at = renderedAt.get(query);
  return at !== undefined && Date.now() - at < FRESH_MS ? true : 'always';
}
