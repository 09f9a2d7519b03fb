import { Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { managerRequestPath } from '#app/route-paths.ts';
import { SortHeader } from '#app/ui/sort-header.tsx';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { formatDate } from '#shared/date-display.ts';
import type { ManagerRequestItem } from '#shared/manager-request-query.ts';
import {
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
      aria-label={`View details of request #${request.id}`}
    >
      View Details
    </Button>
  );
}

/** The manager's requests as a table from the md breakpoint, and as cards below it (375px screens). */
export function MaintenanceRequestsTable({ requests, sort, onSort }: MaintenanceRequestsTableProps) {
  const header = (field: MaintenanceSortField, label: string) => (
    <SortHeader
      direction={sort?.field === field ? (sort.descending ? 'descending' : 'ascending') : null}
      onSort={() => onSort(field)}
    >
      {label}
    </SortHeader>
  );

  return (
    <>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                {header('type', 'Type')}
                <Table.Th>Description</Table.Th>
                <Table.Th>Property</Table.Th>
                <Table.Th>Unit</Table.Th>
                {header('status', 'Status')}
                {header('priority', 'Priority')}
                <Table.Th>Vendors</Table.Th>
                {header('created', 'Created')}
                <Table.Th>
                  <span className="mantine-visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>#{request.id}</Table.Td>
                  <Table.Td>{request.service_type}</Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" lineClamp={2}>
                      {request.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{request.property ?? '—'}</Table.Td>
                  <Table.Td>{unitText(request)}</Table.Td>
                  <Table.Td>
                    <RequestStatusBadge status={request.status} />
                  </Table.Td>
                  <Table.Td>
                    <PriorityBadge priority={request.priority} />
                  </Table.Td>
                  <Table.Td title={vendorNames(request) || undefined}>
                    {vendorCountText(request.vendors)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(request.created_at)}</Table.Td>
                  <Table.Td>
                    <ViewDetails request={request} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>

      <Stack hiddenFrom="md" gap="sm">
        {requests.map((request) => (
          <Card
            key={request.id}
            withBorder
            radius="md"
            padding="sm"
            component="article"
            aria-label={`Request #${request.id}`}
          >
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={600} size="sm">
                #{request.id} · {request.service_type}
              </Text>
              <RequestStatusBadge status={request.status} />
            </Group>
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
                  {vendorCountText(request.vendors)} · {formatDate(request.created_at)}
                </Text>
              </Group>
            </Stack>
            <ViewDetails request={request} />
          </Card>
        ))}
      </Stack>
    </>
  );
}
