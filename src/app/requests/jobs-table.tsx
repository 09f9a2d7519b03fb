import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { JobBidMark } from '#app/bids/job-bid-marks.ts';
import { vendorRequestPath } from '#app/route-paths.ts';
import { CardTitleRow } from '#app/ui/card-title-row.tsx';
import { type Column, sortableBy } from '#app/ui/columns-table.tsx';
import { OwnReportMark } from '#app/ui/own-report-mark.tsx';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import type { JobOrderingField } from '#shared/list-fields.ts';
import type { JobListItem } from '#shared/request-responses.ts';
import { invitedVendorsText } from '#shared/status-labels.ts';
import type { JobsView } from './jobs-url-state.ts';
import { KeepJobAction } from './keep-job-action.tsx';

// A job's own-bid mark: drawn only once the marks have come (job-bid-marks-loader.tsx), so its code
// loads with them, not with the list.
const JobBidAction = lazy(() => import('./job-bid-mark.tsx').then((m) => ({ default: m.JobBidAction })));
interface JobsTableProps {
  jobs: JobListItem[];
  sort: JobsView['sort'];
  onSort: (field: JobOrderingField) => void;
  /** The vendor's own bid by job id: such a job is marked and offers "Edit my bid", not "Bid". */
  bidMarks: ReadonlyMap<number, JobBidMark>;
  /** Opens the bid form: empty, or on the vendor's pending bid (`existingBidId`). */
  onBid: (job: JobListItem, existingBidId: number | null) => void;
}

type OnBid = JobsTableProps['onBid'];

/** Cell props that keep a short value on one line. */
const nowrap = () => ({ style: { whiteSpace: 'nowrap' } }) as const;
const deadlineText = (job: JobListItem) =>
  job.deadline ? <RelativeTime value={job.deadline} /> : 'No deadline';
const areasText = (job: JobListItem) => (job.areas_affected.length > 0 ? job.areas_affected.join(', ') : '—');
/** Whom a vendor's own report reaches is its managers' decision, whatever it has no invitations for. */
const invitedText = (job: JobListItem) =>
  job.is_own_report ? 'Managers invite' : invitedVendorsText(job.invited_vendors);

/** Where a job takes a bid: "Bid", or once the marks have come, the vendor's own bid (or its own report). */
function BidSlot({
  job,
  mark,
  onBid,
  badgeSize,
}: {
  job: JobListItem;
  mark: JobBidMark | undefined;
  onBid: OnBid;
  badgeSize?: 'sm' | 'md';
}) {
  // Only an Open job takes bids (signed-in spec, section 6), and never the vendor's own report.
  if (job.is_own_report) return <OwnReportMark size="md" />;
  if (mark) {
    return (
      <Suspense fallback={null}>
        <JobBidAction job={job} mark={mark} onEdit={(bidId) => onBid(job, bidId)} badgeSize={badgeSize} />
      </Suspense>
    );
  }
  return (
    <Button
      size="xs"
      disabled={job.status !== 'open'}
      onClick={() => onBid(job, null)}
      aria-label={`Bid on job #${job.id}`}
    >
      Bid
    </Button>
  );
}

/**
 * A job's actions on two lines of fixed height, the bid's first: the marks arrive after the list is
 * drawn and "You bid … Edit my bid" is wider than "Bid", so on one line they pushed "Keep offline" onto
 * a new one and every card below moved. Its own line, one button high and never wrapping, takes the
 * change in place: a card cuts a long mark short (Group's preventGrowOverflow); a table row's column
 * keeps room for it from the start (its cell's min-width), with a small badge and "Keep offline" as an
 * icon beside View Details.
 */
function JobActions({
  job,
  mark,
  onBid,
  row,
}: {
  job: JobListItem;
  mark: JobBidMark | undefined;
  onBid: OnBid;
  /** In a table row rather than a card. */
  row: boolean;
}) {
  return (
    <Stack gap={row ? 4 : 'xs'}>
      <Group gap={row ? 6 : 'xs'} wrap="nowrap" mih={30} preventGrowOverflow={!row}>
        <BidSlot job={job} mark={mark} onBid={onBid} badgeSize={row ? 'sm' : 'md'} />
      </Group>
      <Group gap="xs" wrap={row ? 'nowrap' : 'wrap'}>
        <Button component={Link} to={vendorRequestPath(job.id)} variant="default" size="xs">
          View Details
        </Button>
        <KeepJobAction job={job} type={job.service_type} compact={row} />
      </Group>
    </Stack>
  );
}

function JobCard({ job, mark, onBid }: { job: JobListItem; mark: JobBidMark | undefined; onBid: OnBid }) {
  return (
    <>
      <CardTitleRow title={job.service_type} badge={<RequestStatusBadge status={job.status} />} />
      <Text size="sm" lineClamp={3} mb="xs">
        {job.description}
      </Text>
      <Stack gap={2} mb="sm">
        <Text size="xs" c="dimmed">
          Areas: {areasText(job)}
        </Text>
        <Text size="xs" c="dimmed">
          Deadline: {deadlineText(job)} · {invitedText(job)}
        </Text>
        <Text size="xs" c="dimmed">
          Created <RelativeTime value={job.created_at} />
        </Text>
      </Stack>
      <JobActions job={job} mark={mark} onBid={onBid} row={false} />
    </>
  );
}

/** Available Jobs as a table from the large breakpoint (room for every column beside the sidebar), as cards below it. */
export function JobsTable({ jobs, sort, onSort, bidMarks, onBid }: JobsTableProps) {
  const sortable = sortableBy(sort, onSort);
  const columns: Column<JobListItem>[] = [
    {
      label: 'Description',
      cellProps: () => ({ maw: 260 }),
      cell: (job) => (
        <Text size="sm" lineClamp={2} title={job.description}>
          {job.description}
        </Text>
      ),
    },
    { label: 'Areas Affected', cell: areasText },
    { label: 'Service Type', sort: sortable('service_type'), cell: (job) => job.service_type },
    { label: 'Status', sort: sortable('status'), cell: (job) => <RequestStatusBadge status={job.status} /> },
    { label: 'Deadline', sort: sortable('deadline'), cellProps: nowrap, cell: deadlineText },
    { label: 'Invited', cellProps: nowrap, cell: invitedText },
    {
      label: 'Created',
      sort: sortable('created_at'),
      cellProps: nowrap,
      cell: (job) => <RelativeTime value={job.created_at} />,
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      // Room for "You bid $450 · Edit my bid" from the start: the marks arrive after the rows, and a
      // column widening then would move every column beside it.
      cellProps: () => ({ miw: 250 }),
      cell: (job) => <JobActions job={job} mark={bidMarks.get(job.id)} onBid={onBid} row />,
    },
  ];

  return (
    <TableOrCards
      breakpoint="lg"
      columns={columns}
      rows={jobs}
      rowKey={(job) => job.id}
      minWidth={860}
      horizontalSpacing="xs"
      cardLabel={(job) => `Job #${job.id}`}
      card={(job) => <JobCard job={job} mark={bidMarks.get(job.id)} onBid={onBid} />}
    />
  );
}
