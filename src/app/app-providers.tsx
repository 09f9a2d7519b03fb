import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { PERSIST_MAX_AGE_MS, queryClient } from './lib/query-client.ts';
import { DeviceQueryProvider } from './offline/device-query-provider.tsx';
import { createDexiePersister, keepsOnDevice } from './offline/query-persister.ts';
import { SignOutWarningHost } from './offline/sign-out-warning-host.tsx';
import { ThemeProvider } from './ui/theme-provider.tsx';

/**
 * Persistence into the signed-in user's IndexedDB: successful answers of the queries that name their
 * answer's schema, read back through it on restore (src/app/offline/persisted-answers.ts). `buster`
 * drops every kept cache at once, should that ever be needed.
 */
const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createDexiePersister(),
  maxAge: PERSIST_MAX_AGE_MS,
  buster: 'fieldbid-1',
  dehydrateOptions: { shouldDehydrateQuery: keepsOnDevice },
};

/**
 * Theme, toasts and server state around the whole app. ModalsProvider sits in the signed-in layout
 * instead: it pulls Modal and ScrollArea (with floating-ui) into the landing page's first load.
 * Server state is persisted into the signed-in user's IndexedDB, so the installed app opens
 * with the last answers when there is no network; offline, queries wait until that copy is restored
 * (online they go out at once: DeviceQueryProvider).
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <ThemeProvider>
      <DeviceQueryProvider client={client} persistOptions={persistOptions}>
        {children}
        <SignOutWarningHost />
      </DeviceQueryProvider>
    </ThemeProvider>
  );
}
