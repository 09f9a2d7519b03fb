import { Badge } from '@mantine/core';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '#shared/admin-applications.ts';

const STATUS_COLORS: Record<ApplicationStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  payment_pending: 'yellow',
  paid: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** An application status as a coloured label (list rows and the drawer). */
export function ApplicationStatusBadge({ status }: { status: string }) {
  const known = status as ApplicationStatus;
  return (
    <Badge color={STATUS_COLORS[known] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {APPLICATION_STATUS_LABELS[known] ?? status}
    </Badge>
  );
}
