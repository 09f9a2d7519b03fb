import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import { formatDateTime, relativeTime } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { MessageVendorLink } from './message-vendor-link.tsx';

/**
 * The detail's bidding section (signed-in spec, section 2): open or closed, deadline, current bids.
 * The managing side (every bid shown) gets a link to its conversation with each bidder.
 */
export function RequestBidsSection({
  request,
  ownBidsOnly,
}: {
  request: RequestDetail;
  ownBidsOnly: boolean;
}) {
  const { is_open_for_bids: open, bid_deadline: deadline } = request.bidding_config;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h4">
          Bidding
        </Title>
        <Badge color={open ? 'green' : 'gray'} variant="light" size="lg">
          {open ? 'Open for Bids' : 'Closed'}
        </Badge>
      </Group>
      <Text size="sm">
        <Text span fw={600}>
          Deadline:{' '}
        </Text>
        {deadline ? `${formatDateTime(deadline)} (${relativeTime(deadline)})` : 'No deadline'}
      </Text>
      <Title order={3} fz="sm">
        {ownBidsOnly ? 'Your bid' : 'Current bids'}
      </Title>
      {request.bids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ownBidsOnly ? 'You have not bid on this request yet.' : 'No bids yet.'}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {request.bids.map((bid) => (
            <Group
              key={bid.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {bid.vendor_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {timeWithUnit(bid.estimated_time, bid.estimated_time_unit)}
                </Text>
                {ownBidsOnly ? null : (
                  <MessageVendorLink
                    requestId={request.id}
                    vendorId={bid.vendor_id}
                    vendorName={bid.vendor_name}
                  />
                )}
              </div>
              <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={700}>
                  {formatUsd(bid.amount)}
                </Text>
                <BidStatusBadge status={bid.status} />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
