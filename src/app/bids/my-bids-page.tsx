import { Alert, Box, Button, Card, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { vendorRequestPath } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { SortHeader } from '#app/ui/sort-header.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import { showToast } from '#app/ui/toast.ts';
import type { BidOrderingField } from '#shared/bid-schemas.ts';
import { formatDate, relativeTime } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { MyBidItem } from '#shared/request-views.ts';
import { BID_STATUS_LABELS } from '#shared/status-labels.ts';
import { BID_STATUSES, type BidStatus } from '#shared/statuses.ts';
import { bidKeys, type MyBidsView, useMyBids, useWithdrawBid } from './api.ts';
import { timeWithUnit } from './bid-display.ts';
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
    modals.openConfirmModal({
      title: 'Withdraw this bid?',
      children: (
        <Text size="sm">
          Your {formatUsd(bid.amount)} bid on request #{bid.request_id} ({bid.request_type}) will be
          withdrawn. The manager will no longer consider it, and you cannot bid on this request again.
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

  const header = (field: BidOrderingField, label: string) => (
    <SortHeader
      direction={orderingDirection(view.ordering, field)}
      onSort={() => go({ ...view, ordering: nextBidOrdering(view.ordering, field), page: 1 })}
    >
      {label}
    </SortHeader>
  );
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
      {bids.isPending ? (
        <Center py="xl" role="status" aria-label="Loading bids">
          <Loader />
        </Center>
      ) : bids.isError && !bids.data ? (
        <ErrorAlert>{bids.error.message || 'Failed to load your bids. Please try again.'}</ErrorAlert>
      ) : data && data.results.length === 0 ? (
        <Alert variant="light" color="gray">
          {view.status
            ? `No ${BID_STATUS_LABELS[view.status].toLowerCase()} bids.`
            : 'You have not placed any bids yet.'}
        </Alert>
      ) : data ? (
        <div style={{ opacity: bids.isPlaceholderData ? 0.6 : 1 }}>
          <Box visibleFrom="lg">
            <Table.ScrollContainer minWidth={820}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Service Type</Table.Th>
                    {header('amount', 'Bid Amount')}
                    <Table.Th>Timeline</Table.Th>
                    <Table.Th>Start Date</Table.Th>
                    {header('created_at', 'Submitted')}
                    {header('status', 'Status')}
                    <Table.Th>
                      <span className="mantine-visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((bid) => (
                    <Table.Tr key={bid.id}>
                      <Table.Td>{bid.request_type}</Table.Td>
                      <Table.Td>{formatUsd(bid.amount)}</Table.Td>
                      <Table.Td>{timeWithUnit(bid.estimated_time, bid.estimated_time_unit)}</Table.Td>
                      <Table.Td>{startText(bid)}</Table.Td>
                      <Table.Td>{relativeTime(bid.created_at)}</Table.Td>
                      <Table.Td>
                        <BidStatusBadge status={bid.status} />
                      </Table.Td>
                      <Table.Td>{actions(bid)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          <Stack hiddenFrom="lg" gap="sm">
            {data.results.map((bid) => (
              <Card
                key={bid.id}
                withBorder
                radius="md"
                padding="sm"
                component="article"
                aria-label={`Bid on request #${bid.request_id}`}
              >
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600} size="sm">
                    #{bid.request_id} · {bid.request_type} · {formatUsd(bid.amount)}
                  </Text>
                  <BidStatusBadge status={bid.status} />
                </Group>
                <Text size="xs" c="dimmed">
                  Timeline: {timeWithUnit(bid.estimated_time, bid.estimated_time_unit)} · Start:{' '}
                  {startText(bid)}
                </Text>
                <Text size="xs" c="dimmed" mb="sm">
                  Submitted {relativeTime(bid.created_at)}
                </Text>
                {actions(bid)}
              </Card>
            ))}
          </Stack>
        </div>
      ) : null}

      {data ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => go({ ...view, page })} />
      ) : null}
    </Stack>
  );
}
