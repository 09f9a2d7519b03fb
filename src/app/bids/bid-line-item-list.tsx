import { Group, Stack, Text } from '@mantine/core';
import type { LineItem } from '#shared/bid-line-items.ts';
import { formatUsd } from '#shared/formatters.ts';
import { lineItemMeasure } from './line-item-display.ts';

/**
 * A bid's (or an option's) line items, one per line: description and total, with quantity, unit and
 * unit price beneath, so it reads in the detail's narrow bids column and on a phone alike.
 */
export function BidLineItemList({ items, label }: { items: readonly LineItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item, index) => (
        // Two lines may share a description; their place in the list is what tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered
        <li key={index}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.description}
            </Text>
            <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
              {formatUsd(item.total)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {lineItemMeasure(item)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
