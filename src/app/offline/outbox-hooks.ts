import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentSession, type OfflineSession, subscribeSession } from './offline-session.ts';
import type { OutboxItem, UserDb } from './user-db.ts';

export function useOfflineSession(): OfflineSession | null {
  return useSyncExternalStore(subscribeSession, currentSession, () => null);
}

/** A Dexie query of the signed-in user's database that re-renders when its tables change. */
export function useUserDbQuery<T>(query: (db: UserDb) => Promise<T>, fallback: T, deps: unknown[] = []): T {
  const session = useOfflineSession();
  const [value, setValue] = useState<T>(fallback);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what its query reads
  useEffect(() => {
    if (!session) {
      setValue(fallback);
      return;
    }
    // Dexie came with the session (offline-session.ts); importing it here keeps it out of the first load
    // of every screen that shows a count.
    let subscription: { unsubscribe(): void } | null = null;
    let stopped = false;
    void import('dexie').then(({ liveQuery }) => {
      if (stopped) return;
      subscription = liveQuery(() => query(session.db)).subscribe({
        next: setValue,
        error: () => setValue(fallback),
      });
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [session, ...deps]);
  return value;
}

const NO_ITEMS: OutboxItem[] = [];

/** The outbox in send order, optionally only the writes of one request (for "pending" marks). */
export function useOutboxItems(requestId?: number): OutboxItem[] {
  return useUserDbQuery(
    (db) =>
      requestId === undefined
        ? db.outbox.orderBy('seq').toArray()
        : db.outbox.where('requestId').equals(requestId).sortBy('seq'),
    NO_ITEMS,
    [requestId],
  );
}

export interface OutboxCounts {
  /** Writes still to be sent (pending or sending). */
  waiting: number;
  /** Writes the server refused, waiting for the user to edit or discard them. */
  refused: number;
}

const ZERO: OutboxCounts = { waiting: 0, refused: 0 };

export function useOutboxCounts(): OutboxCounts {
  return useUserDbQuery(async (db) => {
    const refused = await db.outbox.where('state').equals('refused').count();
    const total = await db.outbox.count();
    return { waiting: total - refused, refused };
  }, ZERO);
}

function onlineNow(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network (false is reliable, true is only "maybe"). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, onlineNow, () => true);
}
