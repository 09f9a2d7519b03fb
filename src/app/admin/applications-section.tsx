import { Anchor, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  type ApplicationListItem,
  type ApplicationStatus,
  statusesOf,
} from '#shared/admin-applications.ts';
import { formatDate } from '#shared/date-display.ts';
import { AdminFilterSelect } from './admin-filter-select.tsx';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AdminTableAndCards } from './admin-table-and-cards.tsx';
import { ApplicationDrawer } from './application-drawer.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { useApplications } from './applications-api.ts';

const submitted = (row: ApplicationListItem) =>
  row.submitted_at ? formatDate(row.submitted_at) : 'Not submitted';

function CompanyButton({ row, onOpen }: { row: ApplicationListItem; onOpen: (id: number) => void }) {
  return (
    <Anchor component="button" type="button" onClick={() => onOpen(row.id)} ta="left" fw={600}>
      {row.company || 'Unnamed company'}
    </Anchor>
  );
}

/** One tab: the applications of a kind, newest first, 10 a page, with a status filter. */
function ApplicationList({ kind }: { kind: ApplicationKind }) {
  const [status, setStatus] = useState<ApplicationStatus | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useApplications(kind, status, page);
  const rows = list.data?.results ?? [];
  const options = statusesOf(kind).map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }));

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-end">
        <AdminFilterSelect
          label="Status"
          placeholder="All but drafts"
          data={options}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          width={220}
        />
        {list.data ? (
          <Text c="dimmed" size="sm">
            {list.data.count} {list.data.count === 1 ? 'application' : 'applications'}
          </Text>
        ) : null}
      </Group>

      <AdminPagedRows
        list={list}
        label="applications"
        emptyText={status ? 'No applications with this status.' : 'No applications yet.'}
        page={page}
        onPage={setPage}
      >
        <AdminTableAndCards
          rows={rows}
          rowKey={(row) => row.id}
          head={['Company', 'Contact', 'Email', 'Submitted', 'Status']}
          cells={(row) => (
            <>
              <Table.Td>
                <CompanyButton row={row} onOpen={setOpen} />
              </Table.Td>
              <Table.Td>{row.contact}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{submitted(row)}</Table.Td>
              <Table.Td>
                <ApplicationStatusBadge status={row.status} />
              </Table.Td>
            </>
          )}
          card={(row) => (
            <>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <CompanyButton row={row} onOpen={setOpen} />
                <ApplicationStatusBadge status={row.status} />
              </Group>
              <Text size="sm" mt={4}>
                {row.contact}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {submitted(row)}
              </Text>
            </>
          )}
        />
      </AdminPagedRows>

      <ApplicationDrawer kind={kind} id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/**
 * /admin/applications: property manager and vendor applications. Staff approve or reject a
 * submitted manager or a paid vendor; the applicant is mailed either way.
 */
export function ApplicationsSection() {
  return (
    <Stack gap="xs">
      <AdminSectionHeader title="Applications">
        Review new property managers and vendors. Rejecting closes the account made with the application.
      </AdminSectionHeader>
      <Tabs defaultValue="managers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="managers">Property managers</Tabs.Tab>
          <Tabs.Tab value="vendors">Vendors</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="managers">
          <ApplicationList kind="managers" />
        </Tabs.Panel>
        <Tabs.Panel value="vendors">
          <ApplicationList kind="vendors" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
