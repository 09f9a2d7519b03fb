import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { vendorRequestPath } from '#app/route-paths.ts';
import { CardTitleRow } from '#app/ui/card-title-row.tsx';
import type { Column } from '#app/ui/columns-table.tsx';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { ListStates } from '#app/ui/list-states.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import { showToast } from '#app/ui/toast.ts';
import type { MyBidItem } from '#shared/bid-responses.ts';
import type { BidOrderingField } from '#shared/bid-schemas.ts';
import { formatDate } from '#shared/date-display.ts';
import { BID_STATUS_LABELS } from '#shared/status-labels.ts';
import { BID_STATUSES, type BidStatus } from '#shared/statuses.ts';
import { bidKeys, type MyBidsView, useMyBids, useWithdrawBid } from './api.ts';
import { timeWithUnit } from './bid-display.ts';
import { bidPriceText } from './bid-price-text.ts';
import { nextBidOrdering, orderingDirection, readMyBidsView, writeMyBidsView } from './my-bids-view.ts';
import { PendingBids } from './pending-bids.tsx';

const STATUS_OPTIONS = BID_STATUSES.map((status) => ({ value: status, label: BID_STATUS_LABELS[status] }));
const SORT_OPTIONS = [
  { value: '', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: '-amount', label: 'Highest amount' },
  { value: 'amount', label: 'Lowest amount' },
  { value: 'status', label: 'Status' },
];
const startText = (bid: MyBidItem) =>
  bid.proposed_start_date ? formatDate(bid.proposed_start_date) : 'Not specified';

/** /vendor/bids: the vendor's bids (signed-in spec, sections 2 and 7), 10 a page. */
export function MyBidsPage() {
  const [params, setParams] = useSearchParams();
  const view = readMyBidsView(params);
  const bids = useMyBids(view);
  const withdraw = useWithdrawBid();
  const go = (next: MyBidsView) => setParams(writeMyBidsView(next));

  const confirmWithdraw = (bid: MyBidItem) =>
    openConfirmDialog({
      title: 'Withdraw this bid?',
      children: (
        <Text size="sm">
          Your {bidPriceText(bid)} bid on request #{bid.request_id} ({bid.request_type}) will be withdrawn.
          The manager will no longer consider it, and you cannot bid on this request again.
        </Text>
      ),
      labels: { confirm: 'Withdraw Bid', cancel: 'Keep Bid' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(bid.id, {
          onSuccess: () => showToast({ message: 'Your bid was withdrawn.', color: 'green' }),
          onError: (error) =>
            showToast({
              title: 'Error',
              message:
                (isApiError(error) && error.serverMessage) || 'Failed to withdraw the bid. Please try again.',
              color: 'red',
            }),
        }),
    });

  const sortable = (field: BidOrderingField) => ({
    direction: orderingDirection(view.ordering, field),
    onSort: () => go({ ...view, ordering: nextBidOrdering(view.ordering, field), page: 1 }),
  });
  const actions = (bid: MyBidItem) => (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={vendorRequestPath(bid.request_id)} variant="default" size="xs">
        View Details
      </Button>
      {bid.status === 'pending' ? (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => confirmWithdraw(bid)}
          aria-label={`Withdraw bid on request #${bid.request_id}`}
        >
          Withdraw
        </Button>
      ) : null}
    </Group>
  );

  const columns: Column<MyBidItem>[] = [
    { label: 'Service Type', cell: (bid) => bid.request_type },
    { label: 'Bid Amount', sort: sortable('amount'), cell: (bid) => bidPriceText(bid) },
    { label: 'Timeline', cell: (bid) => timeWithUnit(bid.estimated_time, bid.estimated_time_unit) },
    { label: 'Start Date', cell: startText },
    {
      label: 'Submitted',
      sort: sortable('created_at'),
      cell: (bid) => <RelativeTime value={bid.created_at} />,
    },
    { label: 'Status', sort: sortable('status'), cell: (bid) => <BidStatusBadge status={bid.status} /> },
    { label: 'Actions', hiddenLabel: true, cell: actions },
  ];
  const card = (bid: MyBidItem) => (
    <>
      <CardTitleRow
        title={`#${bid.request_id} · ${bid.request_type} · ${bidPriceText(bid)}`}
        badge={<BidStatusBadge status={bid.status} />}
      />
      <Text size="xs" c="dimmed">
        Timeline: {timeWithUnit(bid.estimated_time, bid.estimated_time_unit)} · Start: {startText(bid)}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        Submitted <RelativeTime value={bid.created_at} />
      </Text>
      {actions(bid)}
    </>
  );

  const data = bids.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <ScreenTitle>My Bids</ScreenTitle>
          <LastRefreshed queryKey={bidKeys.mine(view)} mt={-8} />
        </div>
        <Group gap="sm" mb="md" align="flex-end">
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            value={view.status}
            clearable
            w={170}
            onChange={(value) => go({ ...view, status: (value as BidStatus | null) ?? null, page: 1 })}
          />
          <Select
            hiddenFrom="lg"
            label="Sort"
            data={SORT_OPTIONS}
            value={view.ordering ?? ''}
            allowDeselect={false}
            w={150}
            onChange={(value) => go({ ...view, ordering: value || null, page: 1 })}
          />
        </Group>
      </Group>
      <PendingBids />

      {/* A failed refresh keeps the last answer on screen: offline, that is the saved copy (LastRefreshed says so). */}
      <ListStates
        loading={bids.isPending}
        loadingLabel="Loading bids"
        error={
          bids.isError && !bids.data
            ? bids.error.message || 'Failed to load your bids. Please try again.'
            : null
        }
        empty={
          data && data.results.length === 0
            ? view.status
              ? `No ${BID_STATUS_LABELS[view.status].toLowerCase()} bids.`
              : 'You have not placed any bids yet.'
            : null
        }
        stale={bids.isPlaceholderData}
      >
        {data ? (
          <TableOrCards
            breakpoint="lg"
            columns={columns}
            rows={data.results}
            rowKey={(bid) => bid.id}
            minWidth={820}
            cardLabel={(bid) => `Bid on request #${bid.request_id}`}
            card={card}
          />
        ) : null}
      </ListStates>

      {data ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => go({ ...view, page })} />
      ) : null}
    </Stack>
  );
}
