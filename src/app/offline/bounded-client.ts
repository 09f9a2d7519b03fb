// Kept apart from query-persister.ts with no imports but a type, so the bench
// (tests/bench/repeat-visit.ts) saves its query cache with the very same bound.
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/**
 * The most answers of one kind (one `meta.answer`, such as `jobPage`) the saved cache holds: the newest
 * ones. Every page of a list and every detail is kept in the field tables as well (offline-query.ts),
 * where a query that finds no network reads it, so the saved cache only has to bring back what the
 * user last saw at once. Unbounded, a vendor who paged through 5,000 jobs restored all 500 pages (one
 * IndexedDB row of megabytes, then every page through its schema) before the first row could show
 * (repeat visit).
 */
export const MAX_KEPT_ANSWERS_OF_A_KIND = 20;

type KeptQuery = PersistedClient['clientState']['queries'][number];

/** The client with at most MAX_KEPT_ANSWERS_OF_A_KIND queries per answer kind, newest first kept. */
export function boundedClient(client: PersistedClient): PersistedClient {
  const byKind = new Map<unknown, KeptQuery[]>();
  for (const query of client.clientState.queries) {
    const kind = query.meta?.answer;
    byKind.set(kind, [...(byKind.get(kind) ?? []), query]);
  }
  const kept = new Set<KeptQuery>();
  for (const queries of byKind.values()) {
    const newest = [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const query of newest.slice(0, MAX_KEPT_ANSWERS_OF_A_KIND)) kept.add(query);
  }
  if (kept.size === client.clientState.queries.length) return client;
  return {
    ...client,
    clientState: {
      ...client.clientState,
      // In their first order: the auth-status answer and the rest stay where they were.
      queries: client.clientState.queries.filter((query) => kept.has(query)),
    },
  };
}
