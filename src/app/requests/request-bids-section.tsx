import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { BidEditedButton } from '#app/bids/bid-history.tsx';
import { BidLineItemList } from '#app/bids/bid-line-item-list.tsx';
import { BidOptionsList } from '#app/bids/bid-options-list.tsx';
import { bidAmountText } from '#app/bids/line-item-display.ts';
import { isQueuedBid, noServerBidText } from '#app/bids/own-bid-state.ts';
import { useOutboxItems } from '#app/offline/outbox-hooks.ts';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import { formatDateTime } from '#shared/date-display.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { BidTerms } from './bid-terms.tsx';
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
  // A bid this phone still holds for sending is the vendor's bid too (shown as Pending sync).
  const queuedBids = useOutboxItems(request.id).filter(isQueuedBid);
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
        {deadline ? (
          <>
            {formatDateTime(deadline)} (<RelativeTime value={deadline} />)
          </>
        ) : (
          'No deadline'
        )}
      </Text>
      <Title order={3} fz="sm">
        {ownBidsOnly ? 'Your bid' : 'Current bids'}
      </Title>
      {request.bids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ownBidsOnly ? noServerBidText(request, queuedBids) : 'No bids yet.'}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {request.bids.map((bid) => (
            <Stack
              key={bid.id}
              component="li"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 10rem' }}>
                  <Text size="sm" fw={600} truncate>
                    {bid.vendor_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {/* With options, each option has its own time (listed below). */}
                    {bid.options.length > 0
                      ? `${bid.options.length} options`
                      : timeWithUnit(bid.estimated_time, bid.estimated_time_unit)}
                  </Text>
                  {ownBidsOnly ? null : (
                    <BidEditedButton bidId={bid.id} version={bid.version} vendorName={bid.vendor_name} />
                  )}
                  {ownBidsOnly ? null : (
                    <MessageVendorLink
                      requestId={request.id}
                      vendorId={bid.vendor_id}
                      vendorName={bid.vendor_name}
                    />
                  )}
                </div>
                <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }} ml="auto">
                  <Text size="sm" fw={700}>
                    {bidAmountText(bid)}
                  </Text>
                  <BidStatusBadge status={bid.status} />
                </Group>
              </Group>
              {/* The managers' answer carries each bid's start and notes: weighed before the award. */}
              <BidTerms bid={bid} vendorName={bid.vendor_name} />
              {/* what the amount is made of (with options, each option's own lines). */}
              {bid.options.length > 0 ? (
                <BidOptionsList
                  options={bid.options}
                  vendorName={bid.vendor_name}
                  awardedPosition={
                    request.awarded_bid?.id === bid.id
                      ? (request.awarded_bid.awarded_option?.position ?? null)
                      : null
                  }
                />
              ) : (
                <BidLineItemList items={bid.line_items} label={`Line items of ${bid.vendor_name}'s bid`} />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
