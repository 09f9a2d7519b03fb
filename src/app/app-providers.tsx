import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './lib/query-client.ts';
import { theme } from './theme.ts';

/**
 * Theme, toasts and server state around the whole app. ModalsProvider sits in the signed-in layout
 * instead: it pulls Modal and ScrollArea (with floating-ui) into the landing page's first load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* One toast at a time, 5000 ms each (public spec, section 9). */}
      <Notifications limit={1} autoClose={5000} position="bottom-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
