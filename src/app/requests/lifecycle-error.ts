import { isApiError } from '#app/lib/api-error.ts';

const STEP_FAILURE = 'The change could not be saved. Please try again.';

/**
 * What a refused lifecycle step says: the server's detail (409 INVALID_TRANSITION names the reason),
 * else its first field message, else a retry hint.
 */
export function lifecycleErrorMessage(error: unknown): string {
  if (!isApiError(error)) return STEP_FAILURE;
  if (error.isNetworkError) return 'You appear to be offline. Check your connection and try again.';
  if (error.serverMessage) return error.serverMessage;
  const first = [...error.nonFieldErrors, ...Object.values(error.fieldErrors).flat()][0];
  return first ?? STEP_FAILURE;
}
