import { Anchor, Box, Group, Pagination, Paper, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  type ApplicationListItem,
  type ApplicationStatus,
  statusesOf,
} from '#shared/admin-applications.ts';
import { formatDate } from '#shared/date-display.ts';
import { AdminSectionState } from './admin-section-state.tsx';
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
        <Select
          label="Status"
          placeholder="All but drafts"
          data={options}
          value={status}
          onChange={(value) => {
            setStatus(value as ApplicationStatus | null);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        {list.data ? (
          <Text c="dimmed" size="sm">
            {list.data.count} {list.data.count === 1 ? 'application' : 'applications'}
          </Text>
        ) : null}
      </Group>

      <AdminSectionState
        loading={list.isPending}
        error={list.isError}
        empty={rows.length === 0}
        emptyText={status ? 'No applications with this status.' : 'No applications yet.'}
        onRetry={() => list.refetch()}
        label="applications"
      />

      {rows.length > 0 ? (
        <>
          <Box visibleFrom="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <CompanyButton row={row} onOpen={setOpen} />
                    </Table.Td>
                    <Table.Td>{row.contact}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{submitted(row)}</Table.Td>
                    <Table.Td>
                      <ApplicationStatusBadge status={row.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {/* Phones: one card per application. */}
          <Stack hiddenFrom="md" gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((row) => (
              <Paper key={row.id} withBorder radius="md" p="md">
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
              </Paper>
            ))}
          </Stack>
        </>
      ) : null}

      {list.data && list.data.total_pages > 1 ? (
        <Pagination
          total={list.data.total_pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}

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
      <div>
        <Text component="h2" fz="h3" fw={700}>
          Applications
        </Text>
        <Text c="dimmed" size="sm">
          Review new property managers and vendors. Rejecting closes the account made with the application.
        </Text>
      </div>
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
