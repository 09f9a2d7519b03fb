import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { asbuildsPath, propertyHistoryPath } from '#app/route-paths.ts';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import type { PropertyOverviewRow } from '#shared/manager-responses.ts';

const COLUMNS: Column<PropertyOverviewRow>[] = [
  {
    label: 'Name',
    cell: (row) => (
      <Text fw={600} inherit>
        {row.name}
      </Text>
    ),
  },
  { label: 'Address', cell: (row) => row.address },
  { label: 'Units', cell: (row) => row.units, align: 'right' },
  { label: 'Open Requests', cell: (row) => row.open_requests, align: 'right' },
  {
    label: 'Links',
    hiddenLabel: true,
    align: 'right',
    cell: (row) => (
      <Group gap="sm" wrap="nowrap" justify="flex-end">
        <Anchor
          component={Link}
          to={asbuildsPath(row.id)}
          size="sm"
          aria-label={`Documentation of ${row.name}`}
        >
          Documentation
        </Anchor>
        <Anchor
          component={Link}
          to={propertyHistoryPath(row.id)}
          size="sm"
          aria-label={`History of ${row.name}`}
        >
          History
        </Anchor>
      </Group>
    ),
  },
];

/** The dashboard's Properties Overview: Name, Address, Units, Open Requests (signed-in spec, section 2). */
export function PropertiesOverviewTable({ rows }: { rows: PropertyOverviewRow[] }) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No properties yet. Our staff add your company's properties; once one is here, you can raise
        maintenance requests for it.
      </Text>
    );
  }
  return <ResponsiveTable columns={COLUMNS} rows={rows} rowKey={(row) => row.id} />;
}
