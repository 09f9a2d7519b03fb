import { Alert, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { BidEditedButton } from '#app/bids/bid-history.tsx';
import { bidAmountText } from '#app/bids/line-item-display.ts';
import { aboveLimitSentence, isAboveLimit } from '#app/public/owner-approval-display.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import type { BidOptionBody } from '#shared/bid-line-items.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { RequestDetailBid } from '#shared/request-responses.ts';
import classes from './award-bids-card.module.css';
import { BidTerms } from './bid-terms.tsx';
import { MessageVendorLink } from './message-vendor-link.tsx';

const byPosition = (bid: RequestDetailBid) => [...bid.options].sort((a, b) => a.position - b.position);

/**
 * The manager's choice of vendor while the request is Open: every bid with vendor, amount, time,
 * start and notes, and status, and Award on each pending one behind a confirm dialog (the others are
 * then rejected). A bid with options is awarded one option at a time: a button for each.
 */
export function AwardBidsCard({
  requestId,
  bids,
  pending,
  limit,
  onAward,
}: {
  requestId: number;
  bids: RequestDetailBid[];
  pending: boolean;
  /** The limit above which the owner approves the award, when known (null: none or not known). */
  limit: number | null;
  onAward: (bid: RequestDetailBid, option: BidOptionBody | null, note: string) => void;
}) {
  const confirmAward = (bid: RequestDetailBid, option: BidOptionBody | null) => {
    const amount = option ? option.amount : bid.amount;
    const aboveLimit = limit !== null && isAboveLimit(amount, limit);
    // The dialog's field: read when the manager confirms.
    let note = '';
    const question = option ? (
      <Text size="sm">
        Award the job to {bid.vendor_name}, option “{option.label}”, for {formatUsd(option.amount)}? The other
        pending bids are rejected, bidding closes and the job moves to In Progress.
      </Text>
    ) : (
      <Text size="sm">
        Award the job to {bid.vendor_name} for {formatUsd(bid.amount)}? The other pending bids are rejected,
        bidding closes and the job moves to In Progress.
      </Text>
    );
    openConfirmDialog({
      title: option ? 'Award this option?' : 'Award this bid?',
      children: aboveLimit ? (
        <Stack gap="sm">
          {question}
          <Alert color="yellow" variant="light" p="xs">
            <Text size="sm">{aboveLimitSentence(limit)}</Text>
          </Alert>
          <Textarea
            label="Note for the owner"
            description="Optional: why you recommend this bid."
            autosize
            minRows={3}
            maxLength={2000}
            onChange={(event) => {
              note = event.currentTarget.value;
            }}
          />
        </Stack>
      ) : (
        question
      ),
      labels: { confirm: aboveLimit ? 'Ask the owner' : 'Award', cancel: 'Back' },
      confirmProps: { color: 'green' },
      onConfirm: () => onAward(bid, option, note),
    });
  };

  const columns: Column<RequestDetailBid>[] = [
    {
      label: 'Vendor',
      cell: (bid) => (
        <Stack gap={2} align="flex-start">
          <Text fw={600} inherit>
            {bid.vendor_name}
          </Text>
          <BidEditedButton bidId={bid.id} version={bid.version} vendorName={bid.vendor_name} />
          {/* A question before choosing: the thread with this bidder. */}
          <MessageVendorLink requestId={requestId} vendorId={bid.vendor_id} vendorName={bid.vendor_name} />
        </Stack>
      ),
    },
    { label: 'Amount', cell: (bid) => bidAmountText(bid) },
    {
      label: 'Time',
      cell: (bid) =>
        bid.options.length > 0
          ? `${bid.options.length} options`
          : timeWithUnit(bid.estimated_time, bid.estimated_time_unit),
    },
    {
      label: 'Start and notes',
      cell: (bid) => <BidTerms bid={bid} vendorName={bid.vendor_name} />,
    },
    { label: 'Status', cell: (bid) => <BidStatusBadge status={bid.status} /> },
    {
      label: 'Award',
      hiddenLabel: true,
      align: 'right',
      cell: (bid) => {
        if (bid.status !== 'pending') return null;
        if (bid.options.length === 0) {
          return (
            <Button
              size="xs"
              color="green"
              className={classes.award}
              onClick={() => confirmAward(bid, null)}
              disabled={pending}
              aria-label={`Award to ${bid.vendor_name}`}
            >
              Award
            </Button>
          );
        }
        return (
          <Stack gap={6} align="flex-end">
            {byPosition(bid).map((option) => (
              <Button
                key={option.position}
                size="xs"
                color="green"
                className={classes.award}
                onClick={() => confirmAward(bid, option)}
                disabled={pending}
                aria-label={`Award option: ${option.label} (${formatUsd(option.amount)}) to ${bid.vendor_name}`}
                style={{ maxWidth: '100%' }}
              >
                Award option: {option.label}
              </Button>
            ))}
          </Stack>
        );
      },
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
          minWidth={680}
          striped={false}
        />
      </Stack>
    </Card>
  );
}
