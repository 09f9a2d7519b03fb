import type { QueryKey } from '@tanstack/react-query';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { listStore } from './offline-query.ts';

/** A property's documentation answer, lazily (the as-builds calls read it through this one too). */
export const projectDocumentationSchema = lazySchema(() =>
  import('#shared/documentation-responses.ts').then((m) => m.projectDocumentationSchema),
);

/**
 * The key of a property's documentation answer on the device: the vendor documentation screen's query
 * key, so offlineQueryFn reads (and refreshes) the very row "Keep offline" writes. The row lives in
 * the `lists` table (keyed by the key's hash), which sign-out empties like the other copies.
 */
export function keptDocumentationKey(projectId: number): QueryKey {
  return ['vendor', 'projects', projectId, 'documentation'];
}

/** The kept documentation of one property, read back through its answer's schema. */
export function documentationStore(projectId: number) {
  return listStore(projectDocumentationSchema, keptDocumentationKey(projectId));
}
