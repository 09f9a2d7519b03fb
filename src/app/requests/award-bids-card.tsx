import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import { formatUsd } from '#shared/formatters.ts';
import type { RequestDetailBid } from '#shared/request-responses.ts';
import { MessageVendorLink } from './message-vendor-link.tsx';

/**
 * The manager's choice of vendor while the request is Open: every bid with vendor, amount, time and
 * status, and Award on each pending one behind a confirm dialog (the others are then rejected).
 */
export function AwardBidsCard({
  requestId,
  bids,
  pending,
  onAward,
}: {
  requestId: number;
  bids: RequestDetailBid[];
  pending: boolean;
  onAward: (bid: RequestDetailBid) => void;
}) {
  const confirmAward = (bid: RequestDetailBid) =>
    modals.openConfirmModal({
      title: 'Award this bid?',
      children: (
        <Text size="sm">
          Award the job to {bid.vendor_name} for {formatUsd(bid.amount)}? The other pending bids are rejected,
          bidding closes and the job moves to In Progress.
        </Text>
      ),
      labels: { confirm: 'Award', cancel: 'Back' },
      confirmProps: { color: 'green' },
      onConfirm: () => onAward(bid),
    });

  const columns: Column<RequestDetailBid>[] = [
    {
      label: 'Vendor',
      cell: (bid) => (
        <Stack gap={2} align="flex-start">
          <Text fw={600} inherit>
            {bid.vendor_name}
          </Text>
          {/* A question before choosing: the thread with this bidder. */}
          <MessageVendorLink requestId={requestId} vendorId={bid.vendor_id} vendorName={bid.vendor_name} />
        </Stack>
      ),
    },
    { label: 'Amount', cell: (bid) => formatUsd(bid.amount) },
    { label: 'Time', cell: (bid) => timeWithUnit(bid.estimated_time, bid.estimated_time_unit) },
    { label: 'Status', cell: (bid) => <BidStatusBadge status={bid.status} /> },
    {
      label: 'Award',
      hiddenLabel: true,
      align: 'right',
      cell: (bid) =>
        bid.status === 'pending' ? (
          <Button
            size="xs"
            color="green"
            onClick={() => confirmAward(bid)}
            disabled={pending}
            aria-label={`Award to ${bid.vendor_name}`}
          >
            Award
          </Button>
        ) : null,
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Award a bid
        </Title>
        <ResponsiveTable
          columns={columns}
          rows={bids}
          rowKey={(bid) => bid.id}
          minWidth={520}
          striped={false}
        />
      </Stack>
    </Card>
  );
}
