import { useDeferredValue } from 'react';

/**
 * A query's answer for a screen's first render of it: the answer arrives as a store update, which
 * React renders at once in one task; deferred, the screen's rows render in slices that yield to the
 * browser while the loading state stays on screen (total blocking time). `isPending` holds
 * until the rows are rendered, so the screen never shows neither the loader nor its data.
 */
export function useDeferredAnswer<T>(query: { data: T | undefined; isPending: boolean }): {
  data: T | undefined;
  isPending: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && (query.isPending || query.data !== undefined) };
}
