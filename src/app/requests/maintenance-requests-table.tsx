import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { managerRequestPath } from '#app/route-paths.ts';
import { CardTitleRow } from '#app/ui/card-title-row.tsx';
import { type Column, sortableBy } from '#app/ui/columns-table.tsx';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import { formatDate } from '#shared/date-display.ts';
import { requestLabel, requestNumber } from '#shared/display-names.ts';
import type { ManagerRequestItem } from '#shared/manager-responses.ts';
import {
  bidCountText,
  type MaintenanceSortField,
  type MaintenanceView,
  vendorCountText,
} from './maintenance-requests-url-state.ts';
import { PriorityBadge } from './priority-badge.tsx';

interface MaintenanceRequestsTableProps {
  requests: ManagerRequestItem[];
  sort: MaintenanceView['sort'];
  onSort: (field: MaintenanceSortField) => void;
}

const unitText = (request: ManagerRequestItem) => request.unit ?? 'N/A';
const vendorNames = (request: ManagerRequestItem) => request.vendors.map((vendor) => vendor.name).join(', ');

function ViewDetails({ request }: { request: ManagerRequestItem }) {
  return (
    <Button
      component={Link}
      to={managerRequestPath(request.id)}
      variant="default"
      size="xs"
      aria-label={`View details of request ${requestNumber(request.id)}`}
    >
      View Details
    </Button>
  );
}

function RequestCard({ request }: { request: ManagerRequestItem }) {
  return (
    <>
      <CardTitleRow
        title={`${requestNumber(request.id)} · ${request.service_type}`}
        badge={<RequestStatusBadge status={request.status} />}
      />
      <Text size="sm" lineClamp={3} mb="xs">
        {request.description}
      </Text>
      <Stack gap={2} mb="sm">
        <Text size="xs" c="dimmed">
          {request.property ?? '—'} · Unit {unitText(request)}
        </Text>
        <Group gap="xs">
          <PriorityBadge priority={request.priority} />
          <Text size="xs" c="dimmed">
            {vendorCountText(request.vendors)} · {bidCountText(request.bid_count)} ·{' '}
            {formatDate(request.created_at)}
          </Text>
        </Group>
      </Stack>
      <ViewDetails request={request} />
    </>
  );
}

/** The manager's requests as a table from the md breakpoint, and as cards below it (375px screens). */
export function MaintenanceRequestsTable({ requests, sort, onSort }: MaintenanceRequestsTableProps) {
  const sortable = sortableBy(sort, onSort);
  const columns: Column<ManagerRequestItem>[] = [
    { label: 'ID', cell: (request) => requestNumber(request.id) },
    { label: 'Type', sort: sortable('type'), cell: (request) => request.service_type },
    {
      label: 'Description',
      cellProps: () => ({ maw: 240 }),
      cell: (request) => (
        <Text size="sm" lineClamp={2}>
          {request.description}
        </Text>
      ),
    },
    { label: 'Property', cell: (request) => request.property ?? '—' },
    { label: 'Unit', cell: unitText },
    {
      label: 'Status',
      sort: sortable('status'),
      cell: (request) => <RequestStatusBadge status={request.status} />,
    },
    {
      label: 'Priority',
      sort: sortable('priority'),
      cell: (request) => <PriorityBadge priority={request.priority} />,
    },
    {
      label: 'Vendors',
      cellProps: (request) => ({ title: vendorNames(request) || undefined, style: { whiteSpace: 'nowrap' } }),
      cell: (request) => (
        <>
          <Text size="sm">{vendorCountText(request.vendors)}</Text>
          <Text size="xs" c="dimmed">
            {bidCountText(request.bid_count)}
          </Text>
        </>
      ),
    },
    {
      label: 'Created',
      sort: sortable('created'),
      cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
      cell: (request) => formatDate(request.created_at),
    },
    { label: 'Actions', hiddenLabel: true, cell: (request) => <ViewDetails request={request} /> },
  ];

  return (
    <TableOrCards
      breakpoint="md"
      columns={columns}
      rows={requests}
      rowKey={(request) => request.id}
      minWidth={960}
      cardLabel={(request) => requestLabel(request.id)}
      card={(request) => <RequestCard request={request} />}
    />
  );
}
