import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PriorityBadge } from '#app/requests/priority-badge.tsx';
import { managerRequestPath } from '#app/route-paths.ts';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { requestNumber } from '#shared/display-names.ts';
import type { DashboardRequestRow } from '#shared/manager-responses.ts';

const COLUMNS: Column<DashboardRequestRow>[] = [
  {
    label: 'ID',
    cell: (row) => (
      <Anchor component={Link} to={managerRequestPath(row.id)} fw={600}>
        {requestNumber(row.id)}
      </Anchor>
    ),
  },
  { label: 'Type', cell: (row) => row.type },
  { label: 'Property', cell: (row) => row.property ?? 'N/A' },
  { label: 'Unit', cell: (row) => row.unit ?? 'N/A' },
  { label: 'Date', cell: (row) => row.date },
  { label: 'Status', cell: (row) => <RequestStatusBadge status={row.status} /> },
  { label: 'Priority', cell: (row) => <PriorityBadge priority={row.priority} /> },
];

/** One of the dashboard's request tabs: ID (#N), Type, Property, Unit ('N/A'), Date, Status, Priority. */
export function DashboardRequestTable({
  rows,
  empty,
  emptyAction,
}: {
  rows: DashboardRequestRow[];
  empty: string;
  /** What to do about an empty tab, offered under its text. */
  emptyAction?: ReactNode;
}) {
  if (rows.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
        {emptyAction}
      </Stack>
    );
  }
  return <ResponsiveTable columns={COLUMNS} rows={rows} rowKey={(row) => row.id} minWidth={720} />;
}
