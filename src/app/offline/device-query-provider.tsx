import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type PersistedQueryClientRestoreOptions,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Whether the app starts without a network: then the copy on the device is all there is. */
const startsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * TanStack Query's PersistQueryClientProvider, except that queries wait for the restore only when
 * the app starts offline. Online, a screen's first calls go out at once while the device's copy
 * (IndexedDB, Dexie, loaded on demand) is read beside them: restoring never overwrites a newer answer,
 * so the saved rows show as soon as they are read and the server's replace them (Dexie and
 * the restore are off the signed-in pages' critical path). Once restored, the cache is saved at once
 * and then on every change.
 */
export function DeviceQueryProvider({
  client,
  persistOptions,
  children,
}: {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>;
  children: ReactNode;
}) {
  const [restoring, setRestoring] = useState(true);
  const [waitForRestore] = useState(startsOffline);
  const options = useRef(persistOptions);
  options.current = persistOptions;
  const restoreStarted = useRef(false);

  useEffect(() => {
    const persist = {
      ...options.current,
      // The persister package pins an older @tanstack/query-core of its own (package-lock): the same
      // QueryClient at run time, a different class to TypeScript.
      queryClient: client as unknown as PersistedQueryClientRestoreOptions['queryClient'],
    };
    if (!restoreStarted.current) {
      restoreStarted.current = true;
      void persistQueryClientRestore(persist)
        .catch(() => undefined)
        .finally(() => setRestoring(false));
    }
    if (restoring) return undefined;
    // Saved on every change from now on, and once now: the answers that arrived while the device's
    // copy was being read raised their events before this subscription, and an app whose first
    // answers all came first would otherwise keep nothing until something changed, so opened
    // offline after that it would find no signed-in user on the device.
    void persistQueryClientSave(persist).catch(() => undefined);
    return persistQueryClientSubscribe(persist);
  }, [client, restoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring && waitForRestore}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
