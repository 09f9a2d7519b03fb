import { Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { vendorRequestPath } from '#app/route-paths.ts';
import { SortHeader } from '#app/ui/sort-header.tsx';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { relativeTime } from '#shared/date-display.ts';
import type { JobOrderingField } from '#shared/job-list-query.ts';
import type { JobListItem } from '#shared/request-views.ts';
import { invitedVendorsText } from '#shared/status-labels.ts';
import type { JobsView } from './jobs-url-state.ts';
import { KeepJobAction } from './keep-job-action.tsx';

interface JobsTableProps {
  jobs: JobListItem[];
  sort: JobsView['sort'];
  onSort: (field: JobOrderingField) => void;
  onBid: (job: JobListItem) => void;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const deadlineText = (job: JobListItem) => (job.deadline ? relativeTime(job.deadline) : 'No deadline');
const areasText = (job: JobListItem) => (job.areas_affected.length > 0 ? job.areas_affected.join(', ') : '—');

function JobActions({
  job,
  onBid,
  compact,
}: {
  job: JobListItem;
  onBid: (job: JobListItem) => void;
  /** In the table "Keep offline" is an icon, so the row keeps its width. */
  compact: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={vendorRequestPath(job.id)} variant="default" size="xs">
        View Details
      </Button>
      {/* Only an Open job takes bids (signed-in spec, section 6). */}
      <Button
        size="xs"
        disabled={job.status !== 'open'}
        onClick={() => onBid(job)}
        aria-label={`Bid on job #${job.id}`}
      >
        Bid
      </Button>
      <KeepJobAction job={job} type={job.service_type} compact={compact} />
    </Group>
  );
}

/** Available Jobs as a table from the large breakpoint (room for every column beside the sidebar), as cards below it. */
export function JobsTable({ jobs, sort, onSort, onBid }: JobsTableProps) {
  const direction = (field: JobOrderingField) =>
    sort?.field === field ? (sort.descending ? 'descending' : 'ascending') : null;
  const header = (field: JobOrderingField, label: string) => (
    <SortHeader direction={direction(field)} onSort={() => onSort(field)}>
      {label}
    </SortHeader>
  );

  return (
    <>
      <Box visibleFrom="lg">
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Areas Affected</Table.Th>
                {header('service_type', 'Service Type')}
                {header('status', 'Status')}
                {header('deadline', 'Deadline')}
                <Table.Th>Invited</Table.Th>
                {header('created_at', 'Created')}
                <Table.Th>
                  <span className="mantine-visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={2} title={job.description}>
                      {job.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{areasText(job)}</Table.Td>
                  <Table.Td>{job.service_type}</Table.Td>
                  <Table.Td>
                    <RequestStatusBadge status={job.status} />
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{deadlineText(job)}</Table.Td>
                  <Table.Td style={NOWRAP}>{invitedVendorsText(job.invited_vendors)}</Table.Td>
                  <Table.Td style={NOWRAP}>{relativeTime(job.created_at)}</Table.Td>
                  <Table.Td>
                    <JobActions job={job} onBid={onBid} compact />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>

      <Stack hiddenFrom="lg" gap="sm">
        {jobs.map((job) => (
          <Card
            key={job.id}
            withBorder
            radius="md"
            padding="sm"
            component="article"
            aria-label={`Job #${job.id}`}
          >
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={600} size="sm">
                {job.service_type}
              </Text>
              <RequestStatusBadge status={job.status} />
            </Group>
            <Text size="sm" lineClamp={3} mb="xs">
              {job.description}
            </Text>
            <Stack gap={2} mb="sm">
              <Text size="xs" c="dimmed">
                Areas: {areasText(job)}
              </Text>
              <Text size="xs" c="dimmed">
                Deadline: {deadlineText(job)} · {invitedVendorsText(job.invited_vendors)}
              </Text>
              <Text size="xs" c="dimmed">
                Created {relativeTime(job.created_at)}
              </Text>
            </Stack>
            <JobActions job={job} onBid={onBid} compact={false} />
          </Card>
        ))}
      </Stack>
    </>
  );
}
