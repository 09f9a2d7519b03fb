import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { listStore, offlineQueryFn } from '#app/offline/offline-query.ts';
import { MAX_PAGE_SIZE } from '#shared/statuses.ts';

/**
 * The vendor's newest bids in one answer, for marking the jobs it bid on. Its own module with a lazy
 * schema: Available Jobs reads it on its first load, which stays without zod (the budgets).
 */
const myBidPageSchema = lazySchema(() => import('#shared/bid-responses.ts').then((m) => m.myBidPageSchema));

export const newestOwnBidsKey = () => ['bids', 'newest'] as const;

/** GET /api/vendor/bids/ (first page, largest size), kept on the device like My Bids. */
export function useNewestOwnBids(enabled: boolean) {
  const queryKey = newestOwnBidsKey();
  return useQuery({
    queryKey,
    meta: { answer: 'myBidPage' },
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/vendor/bids/', {
          schema: myBidPageSchema,
          signal,
          query: { page: 1, page_size: MAX_PAGE_SIZE },
        }),
      listStore(myBidPageSchema, queryKey),
    ),
    enabled,
  });
}
