import { hashKey, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '#app/lib/api-error.ts';
import { currentSession } from './offline-session.ts';
import type { CachedRow, UserDb } from './user-db.ts';

/** When the data a query shows came from the server, if it was served from IndexedDB. */
const servedFromDevice = new Map<string, number>();
const listeners = new Set<() => void>();

function noAnswer(error: unknown): boolean {
  return (isApiError(error) && error.isNetworkError) || error instanceof TypeError;
}

export interface OfflineStore<T> {
  save(db: UserDb, data: T, savedAt: number): Promise<unknown>;
  load(db: UserDb): Promise<{ data: T; savedAt: number } | undefined>;
}

type RowTable = 'jobs' | 'requestDetails' | 'conversations' | 'notifications';

/** Keeps one answer as a row of one of the field tables (a request detail, a conversation...). */
export function rowStore<T>(table: RowTable, id: number): OfflineStore<T> {
  return {
    save: (db, data, savedAt) => db.table<CachedRow>(table).put({ id, data, savedAt }),
    load: async (db) => {
      const row = await db.table<CachedRow>(table).get(id);
      return row ? { data: row.data as T, savedAt: row.savedAt } : undefined;
    },
  };
}

/** Keeps a list answer (one page of one view) under its query key's hash. */
export function listStore<T>(queryKey: QueryKey): OfflineStore<T> {
  const id = hashKey(queryKey);
  return {
    save: (db, data, savedAt) => db.lists.put({ id, data, savedAt }),
    load: async (db) => {
      const row = await db.lists.get(id);
      return row ? { data: row.data as T, savedAt: row.savedAt } : undefined;
    },
  };
}

/**
 * A query function that keeps each network answer in the signed-in user's database and, when the
 * network does not answer, serves the kept copy (with the time it was fetched, for "last refreshed").
 * Use with networkMode 'offlineFirst' (the default of the app's query client).
 */
export function offlineQueryFn<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  store: OfflineStore<T>,
): QueryFunction<T, QueryKey> {
  return async ({ queryKey, signal }) => {
    const hash = hashKey(queryKey);
    try {
      const data = await fetcher(signal);
      const session = currentSession();
      if (session) await store.save(session.db, data, Date.now()).catch(() => undefined);
      if (servedFromDevice.delete(hash)) for (const listener of listeners) listener();
      return data;
    } catch (error) {
      const session = currentSession();
      if (!noAnswer(error) || !session) throw error;
      const kept = await store.load(session.db).catch(() => undefined);
      if (!kept) throw error;
      servedFromDevice.set(hash, kept.savedAt);
      for (const listener of listeners) listener();
      return kept.data;
    }
  };
}

/**
 * When the data of a query was last fetched from the server: the kept copy's time when it came from
 * IndexedDB, otherwise TanStack Query's dataUpdatedAt (which survives persistence). Null without data.
 */
export function lastRefreshedAt(queryKey: QueryKey, dataUpdatedAt: number): number | null {
  const fromDevice = servedFromDevice.get(hashKey(queryKey));
  if (fromDevice !== undefined) return fromDevice;
  return dataUpdatedAt > 0 ? dataUpdatedAt : null;
}

export function subscribeServedFromDevice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
