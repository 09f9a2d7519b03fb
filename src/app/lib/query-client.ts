import { QueryClient } from '@tanstack/react-query';
import { isApiError, UNEXPECTED_ANSWER } from './api-error.ts';

/**
 * Retrying a 4xx or an answer that breaks its schema cannot help (the answer will not change);
 * network errors and 5xx get two more tries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && error.code === UNEXPECTED_ANSWER) return false;
  return failureCount < 2;
}

/** How long answers kept on the device stay usable offline (and stay in memory: gcTime must match). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: the query function runs once even without a network, so offline-aware query
      // functions (src/app/offline/offline-query.ts) can answer from IndexedDB; retries then wait
      // for the connection.
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        networkMode: 'offlineFirst',
        gcTime: PERSIST_MAX_AGE_MS,
      },
      // A write is never retried blindly: the offline outbox replays writes with an Idempotency-Key.
      // 'always': a write made offline fails at once (or goes to the outbox) instead of hanging paused.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one QueryClient (providers, logout and the 401 handler share it). */
export const queryClient = createQueryClient();
