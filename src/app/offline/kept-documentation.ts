import type { QueryKey } from '@tanstack/react-query';
import { listStore, type OfflineStore } from './offline-query.ts';

/**
 * The key of a property's documentation answer on the device: the vendor documentation screen's query
 * key, so offlineQueryFn reads (and refreshes) the very row "Keep offline" writes. The row lives in
 * the `lists` table (keyed by the key's hash), which sign-out empties like the other copies.
 */
export function keptDocumentationKey(projectId: number): QueryKey {
  return ['vendor', 'projects', projectId, 'documentation'];
}

export function documentationStore<T>(projectId: number): OfflineStore<T> {
  return listStore<T>(keptDocumentationKey(projectId));
}
