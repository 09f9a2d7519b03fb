import { Anchor, Badge, Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { JobBidMark } from '#app/bids/job-bid-marks.ts';
import { vendorPaths } from '#app/route-paths.ts';
import type { JobListItem } from '#shared/request-responses.ts';
import { BID_STATUS_LABELS } from '#shared/status-labels.ts';

/**
 * In a job's actions, in place of "Bid" once the vendor bid on it: what it bid and, while the bid is
 * pending on an open job, "Edit my bid" (the form opens on the bid, not empty). A bid still on this
 * phone is edited in the Outbox.
 */
export function JobBidAction({
  job,
  mark,
  onEdit,
  badgeSize = 'md',
}: {
  job: JobListItem;
  mark: JobBidMark;
  onEdit: (bidId: number) => void;
  /** A table row's narrower column takes the small badge. */
  badgeSize?: 'sm' | 'md';
}) {
  if (mark.kind === 'queued') {
    return (
      <>
        <Badge color={mark.refused ? 'red' : 'yellow'} variant="light" size={badgeSize}>
          {mark.refused ? 'Bid not sent' : 'Bid pending sync'}
          {mark.price ? ` · ${mark.price}` : ''}
        </Badge>
        <Anchor component={Link} to={vendorPaths.outbox} size="xs">
          Edit in Outbox
        </Anchor>
      </>
    );
  }
  const editable = mark.status === 'pending' && job.status === 'open';
  return (
    <>
      <Badge color="blue" variant="light" size={badgeSize}>
        You bid {mark.price}
        {mark.status === 'pending' ? '' : ` · ${BID_STATUS_LABELS[mark.status]}`}
      </Badge>
      {editable ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => onEdit(mark.bidId)}
          aria-label={`Edit my bid on job #${job.id}`}
        >
          Edit my bid
        </Button>
      ) : null}
    </>
  );
}
