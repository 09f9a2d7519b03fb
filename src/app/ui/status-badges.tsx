import { Badge, type BadgeProps } from '@mantine/core';
import { BID_STATUS_LABELS, REQUEST_STATUS_LABELS } from '#shared/status-labels.ts';
import type { BidStatus, RequestStatus } from '#shared/statuses.ts';

const REQUEST_COLORS: Record<RequestStatus, string> = {
  open: 'green',
  in_progress: 'blue',
  completed: 'gray',
  cancelled: 'red',
};

const BID_COLORS: Record<BidStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

// Mantine's label hides overflow, so an auto-sized table column shrinks the badge to "IN PRO…";
// a status is only a word or two, so it always takes its full width instead.
const NEVER_TRUNCATE: BadgeProps['styles'] = {
  root: { minWidth: 'max-content', flexShrink: 0, overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={REQUEST_COLORS[status]} variant="light" styles={NEVER_TRUNCATE}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  return (
    <Badge color={BID_COLORS[status]} variant="light" styles={NEVER_TRUNCATE}>
      {BID_STATUS_LABELS[status]}
    </Badge>
  );
}
