import type { QueryKey } from '@tanstack/react-query';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { queryRoots } from '#app/lib/query-roots.ts';
import { listStore } from './offline-query.ts';

const visitSchemas = () => import('#shared/visit-schemas.ts');
export const visitListSchema = lazySchema(() => visitSchemas().then((m) => m.visitListSchema));
export const accessSchema = lazySchema(() => visitSchemas().then((m) => m.accessSchema));

/*
 * A job's visits and its entry instructions on the device: the request detail's queries use these
 * keys, so offlineQueryFn reads (and refreshes) the very rows "Keep offline" writes. They live in the
 * `lists` table (keyed by the key's hash), which sign-out empties like the other copies.
 */
export function keptVisitsKey(requestId: number): QueryKey {
  return [...queryRoots.requests, 'visits', String(requestId)];
}

export function keptAccessKey(requestId: number): QueryKey {
  return [...queryRoots.requests, 'access', String(requestId)];
}

/** GET /api/requests/{id}/visits/ as kept on the device. */
export function visitsStore(requestId: number) {
  return listStore(visitListSchema, keptVisitsKey(requestId));
}

/** GET /api/requests/{id}/access/ as kept on the device. */
export function accessStore(requestId: number) {
  return listStore(accessSchema, keptAccessKey(requestId));
}
