import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { boundedClient } from './bounded-client.ts';

const ROW_ID = 'client';
const SAVE_DELAY_MS = 1_000;
/** hashKey(authKeys.status()); written out so the root does not load the auth module (zod). */
export const AUTH_STATUS_QUERY_HASH = '["auth","status"]';

/** Dexie stays out of the first load: the session module comes with the first save or restore. */
const sessionModule = () => import('./offline-session.ts');
/** So do zod and the answer schemas, needed only to read a restored cache back. */
const answersModule = () => import('./persisted-answers.ts');

/**
 * Whether a query is kept on the device: it names its answer's schema (persisted-answers.ts). Typed
 * by the fields it reads: the persister package brings its own copy of TanStack's Query type.
 */
export function keepsOnDevice(query: {
  state: { status: string };
  meta?: Readonly<Record<string, unknown>> | undefined;
}): boolean {
  return query.state.status === 'success' && typeof query.meta?.answer === 'string';
}

/**
 * The user id of the auth-status answer inside a dehydrated cache, or null. Read without zod (this
 * module is in the first load); a restored cache is read through the schemas afterwards anyway.
 */
export function ownerOf(client: PersistedClient): number | null {
  const query = client.clientState.queries.find((q) => q.queryHash === AUTH_STATUS_QUERY_HASH);
  const data = query?.state.data;
  if (typeof data !== 'object' || data === null || !('isAuthenticated' in data) || !('user' in data))
    return null;
  const { isAuthenticated, user } = data;
  if (isAuthenticated !== true || typeof user !== 'object' || user === null || !('id' in user)) return null;
  return typeof user.id === 'number' ? user.id : null;
}

/**
 * TanStack Query's persister over the signed-in user's Dexie database (DESIGN.md: screens read through
 * the query layer, which serves from IndexedDB offline). A cache is written only into the database of
 * the user its own auth-status answer names, so the moment between signing in as someone else and
 * opening their database can never copy one user's answers into another's store. Saves are throttled
 * to one a second (the last state wins).
 */
export function createDexiePersister(): Persister {
  let latest: PersistedClient | null = null;
  let scheduled = false;

  async function save(): Promise<void> {
    scheduled = false;
    const client = latest;
    latest = null;
    if (!client) return;
    // Signed out, nothing is kept (and Dexie need not load).
    const owner = ownerOf(client);
    if (owner === null) return;
    // The user's database opens on demand, often after the first answers arrive: wait for it rather
    // than drop the save, or a reload without signal would find no auth-status answer to start from.
    const session = await (await sessionModule()).sessionWhenReady();
    if (!session || owner !== session.userId) return;
    await session.db.queryCache
      .put({ id: ROW_ID, client: boundedClient(client), savedAt: Date.now() })
      .catch(() => undefined);
  }

  return {
    persistClient(client) {
      latest = client;
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    async restoreClient() {
      const { currentSession, resumeSessionFromDevice } = await sessionModule();
      const session = currentSession() ?? (await resumeSessionFromDevice().catch(() => null));
      if (!session) return undefined;
      const row = await session.db.queryCache.get(ROW_ID).catch(() => undefined);
      const client = row?.client;
      if (!client || ownerOf(client) !== session.userId) return undefined;
      // Bounded here as well: a cache saved before the bound (or by an older app) may hold more.
      return (await answersModule()).readPersistedClient(boundedClient(client));
    },
    async removeClient() {
      await (await sessionModule())
        .currentSession()
        ?.db.queryCache.delete(ROW_ID)
        .catch(() => undefined);
    },
  };
}
