import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { BidOptionBody } from '#shared/bid-line-items.ts';
import { formatUsd } from '#shared/formatters.ts';
import { timeWithUnit } from './bid-display.ts';
import { BidLineItemList } from './bid-line-item-list.tsx';

/** One option of a bid: its name, amount and time, notes and line items. */
export function BidOptionSummary({
  option,
  vendorName,
  awarded = false,
}: {
  option: BidOptionBody;
  vendorName: string;
  awarded?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      component="section"
      aria-label={`${vendorName}, option ${option.label}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Group gap={6} style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              Option: {option.label}
            </Text>
            {awarded ? (
              <Badge color="green" variant="light" size="sm">
                Awarded
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
            {formatUsd(option.amount)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {timeWithUnit(option.estimated_time, option.estimated_time_unit)}
        </Text>
        {option.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {option.notes}
          </Text>
        ) : null}
        <BidLineItemList items={option.line_items} label={`Line items of option ${option.label}`} />
      </Stack>
    </Paper>
  );
}

/** A bid's options, in the order the vendor gave them. */
export function BidOptionsList({
  options,
  vendorName,
  awardedPosition = null,
}: {
  options: readonly BidOptionBody[];
  vendorName: string;
  /** The option the manager awarded, once one is. */
  awardedPosition?: number | null;
}) {
  if (options.length === 0) return null;
  return (
    <Stack gap="xs">
      {[...options]
        .sort((a, b) => a.position - b.position)
        .map((option) => (
          <BidOptionSummary
            key={option.position}
            option={option}
            vendorName={vendorName}
            awarded={option.position === awardedPosition}
          />
        ))}
    </Stack>
  );
}
