import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  type PersistQueryClientOptions,
  PersistQueryClientProvider,
} from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { PERSIST_MAX_AGE_MS, queryClient } from './lib/query-client.ts';
import { createDexiePersister } from './offline/query-persister.ts';
import { SignOutWarningHost } from './offline/sign-out-warning-host.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Persistence into the signed-in user's IndexedDB. `buster` changes when the shape of cached answers
 * changes incompatibly; only successful answers are kept.
 */
const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createDexiePersister(),
  maxAge: PERSIST_MAX_AGE_MS,
  buster: 'fieldbid-1',
  dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
};

/**
 * Theme, toasts and server state around the whole app. ModalsProvider sits in the signed-in layout
 * instead: it pulls Modal and ScrollArea (with floating-ui) into the landing page's first load.
 * Server state is persisted into the signed-in user's IndexedDB (issue 7), so the installed app opens
 * with the last answers when there is no network; queries wait until that copy is restored.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* One toast at a time, 5000 ms each (public spec, section 9). */}
      <Notifications limit={1} autoClose={5000} position="bottom-right" />
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        {children}
        <SignOutWarningHost />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
