import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A staff mutation's onSettled: the lists and records under `queryKey` are fetched again, without
 * waiting for them. TanStack Query runs a `mutate` call's own callbacks (the success toast, closing
 * the dialog) only after onSettled's promise settles, so an awaited refetch showed the changed
 * screen first and the toast after it, or never, when the refetched data unmounted the component
 * that asked. Now the toast shows as soon as the server answers, and the screen catches up.
 */
export const refetchInBackground = (queryClient: QueryClient, queryKey: QueryKey) => (): void => {
  void queryClient.invalidateQueries({ queryKey });
};
