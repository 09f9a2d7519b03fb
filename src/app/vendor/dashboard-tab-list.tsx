import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { vendorRequestPath } from '#app/route-paths.ts';
import { useNow } from '#app/ui/use-now.ts';
import { formatDate, relativeTime } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { VendorDashboardItem } from '#shared/vendor-dashboard.ts';

export type DashboardTab = 'active' | 'current' | 'completed';

/** When the row happened, in the words of its tab. */
function moment(item: VendorDashboardItem, tab: DashboardTab, now: number): string {
  if (tab === 'completed' && item.completed_at) return `Completed ${formatDate(item.completed_at)}`;
  if (tab === 'current') return `Starts ${formatDate(item.proposed_start_date)}`;
  return `Bid placed ${relativeTime(item.created_at, now)}${item.deadline ? ` · deadline ${relativeTime(item.deadline, now)}` : ''}`;
}

/** One tab of the vendor dashboard: the request, its property, the vendor's amount and timeline. */
export function DashboardTabList({
  items,
  tab,
  empty,
  emptyLink,
}: {
  items: VendorDashboardItem[];
  tab: DashboardTab;
  empty: string;
  /** What to do about an empty tab, offered under its text. */
  emptyLink?: { to: string; label: string };
}) {
  const now = useNow();
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
        {emptyLink ? (
          <Anchor component={Link} to={emptyLink.to} size="sm">
            {emptyLink.label}
          </Anchor>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <Card key={item.bid_id} withBorder radius="md" padding="sm" component="article">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={vendorRequestPath(item.request_id)} fw={600} size="sm">
                #{item.request_id} · {item.service_type}
              </Anchor>
              <Text size="sm" lineClamp={2}>
                {item.description}
              </Text>
              <Text size="xs" c="dimmed">
                {[item.project_name, moment(item, tab, now)].filter(Boolean).join(' · ')}
              </Text>
            </div>
            <div style={{ textAlign: 'right', flexShrink: 0 }}>
              <Text fw={700}>{formatUsd(item.amount)}</Text>
              <Text size="xs" c="dimmed">
                {timeWithUnit(item.estimated_time, item.estimated_time_unit)}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
