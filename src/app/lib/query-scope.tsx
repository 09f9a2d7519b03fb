import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's QueryClient for a part that may also run outside the app's providers: the landing page's
 * own root leaves TanStack Query out of its first load, and its forms and account buttons bring it
 * with their chunks. Inside the app it is the same client, so nothing is duplicated.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
