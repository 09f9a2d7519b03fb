import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** Retrying a 4xx cannot help (the answer will not change); network errors and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      // A write is never retried blindly: the offline outbox replays writes with an Idempotency-Key.
      mutations: { retry: false },
    },
  });
}

/** The app's one QueryClient (providers, logout and the 401 handler share it). */
export const queryClient = createQueryClient();
