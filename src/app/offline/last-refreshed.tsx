import { Group, type MantineSpacing, type StyleProp, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useSyncExternalStore } from 'react';
import { useNow } from '#app/ui/use-now.ts';
import { lastRefreshedAt, subscribeServedFromDevice } from './offline-query.ts';
import { useOnline } from './outbox-hooks.ts';

const MINUTE = 60_000;

/** "just now", "5 min ago", "3 h ago", or a date for older data. */
export function describeAge(at: number, now: number): string {
  const age = Math.max(0, now - at);
  if (age < MINUTE) return 'just now';
  if (age < 60 * MINUTE) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < 24 * 60 * MINUTE) return `${Math.floor(age / (60 * MINUTE))} h ago`;
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "Last refreshed 5 min ago" under a screen's title, with an offline mark when the phone has no
 * network. Screens pass the query key of their main query; `mt` pulls it up under a title's margin.
 */
export function LastRefreshed({ queryKey, mt }: { queryKey: QueryKey; mt?: StyleProp<MantineSpacing> }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const hash = hashKey(queryKey);
  // Only this query's changes, read as a snapshot: the cache tells its listeners of a query another
  // screen part creates while React renders that part, and a state update then is one React refuses.
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [queryClient, hash],
  );
  const readUpdatedAt = () => queryClient.getQueryCache().get(hash)?.state.dataUpdatedAt ?? 0;
  const dataUpdatedAt = useSyncExternalStore(subscribe, readUpdatedAt, readUpdatedAt);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => subscribeServedFromDevice(rerender), []);
  const now = useNow();
  const at = lastRefreshedAt(queryKey, dataUpdatedAt);
  if (at === null) return null;
  return (
    <Group gap={6} c="dimmed" wrap="nowrap" role="status" mt={mt}>
      {online ? null : <IconCloudOff size={14} aria-hidden />}
      <Text size="xs" c="dimmed">
        {online ? 'Last refreshed' : 'Offline · saved'} {describeAge(at, now)}
      </Text>
    </Group>
  );
}
