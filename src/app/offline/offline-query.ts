import { hashKey, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '#app/lib/api-error.ts';
import { type SchemaSource, schemaOf } from '#app/lib/lazy-schema.ts';
import { currentSession, sessionWhenReady } from './offline-session.ts';
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

/**
 * A kept copy read back through the answer's schema, as the API client reads the answer itself: a
 * copy kept by an older version of the app that no longer matches is not shown (the screen then
 * says it has nothing offline) instead of breaking the screen.
 */
function readKept<Schema extends z.ZodType>(
  schema: Schema,
  row: CachedRow<string | number> | undefined,
): { data: z.output<Schema>; savedAt: number } | undefined {
  if (!row) return undefined;
  const result = schema.safeParse(row.data);
  if (result.success) return { data: result.data, savedAt: row.savedAt };
  console.warn(
    'A copy kept on this device no longer matches its schema; it is not shown.',
    result.error.issues,
  );
  return undefined;
}

/** Keeps one answer as a row of one of the field tables (a request detail, a conversation...). */
export function rowStore<Schema extends z.ZodType>(
  schema: SchemaSource<Schema>,
  table: RowTable,
  id: number,
): OfflineStore<z.output<Schema>> {
  return {
    save: (db, data, savedAt) => db.table<CachedRow>(table).put({ id, data, savedAt }),
    load: async (db) => readKept(await schemaOf(schema), await db.table<CachedRow>(table).get(id)),
  };
}

/** Keeps a list answer (one page of one view) under its query key's hash. */
export function listStore<Schema extends z.ZodType>(
  schema: SchemaSource<Schema>,
  queryKey: QueryKey,
): OfflineStore<z.output<Schema>> {
  const id = hashKey(queryKey);
  return {
    save: (db, data, savedAt) => db.lists.put({ id, data, savedAt }),
    load: async (db) => readKept(await schemaOf(schema), await db.lists.get(id)),
  };
}

/**
 * Keeps an answer on the device once the user's database is open (it opens on demand,
 * offline-session.ts), without opening it: also for the answers a server-rendered page came with,
 * which no query function fetched.
 */
export async function keepWhenReady<T>(store: OfflineStore<T>, data: T, savedAt: number): Promise<void> {
  const session = await sessionWhenReady();
  if (session) await store.save(session.db, data, savedAt).catch(() => undefined);
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
      const savedAt = Date.now();
      const session = currentSession();
      if (session) await store.save(session.db, data, savedAt).catch(() => undefined);
      // Without holding the answer back meanwhile.
      else void keepWhenReady(store, data, savedAt);
      if (servedFromDevice.delete(hash)) for (const listener of listeners) listener();
      return data;
    } catch (error) {
      if (!noAnswer(error)) throw error;
      const session = currentSession() ?? (await sessionWhenReady());
      if (!session) throw error;
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
