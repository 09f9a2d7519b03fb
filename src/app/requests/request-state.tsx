import { Alert, Badge, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { RequestStatusBadge } from '#app/ui/status-badges.tsx';
import { formatDateTime } from '#shared/date-display.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import type { RequestViewerRole } from './request-actions.tsx';

/**
 * When the awarded vendor marked the job complete and the managing side has not confirmed it yet
 * (the request stays In Progress until then); null in every other state.
 */
export function awaitingConfirmationSince(request: Pick<RequestDetail, 'status' | 'completion'>) {
  const completion = request.completion;
  if (request.status !== 'in_progress' || !completion?.vendor_completed_at || completion.completed_at) {
    return null;
  }
  return completion.vendor_completed_at;
}

/**
 * The state at the top of the request: its status, or "Awaiting confirmation" once the vendor marked
 * the job complete, since "In Progress" would tell neither side what happens next.
 */
export function RequestStateBadge({ request }: { request: RequestDetail }) {
  return (
    <span data-testid="request-state">
      {awaitingConfirmationSince(request) ? (
        <Badge color="yellow" variant="light" styles={{ root: { minWidth: 'max-content' } }}>
          Awaiting confirmation
        </Badge>
      ) : (
        <RequestStatusBadge status={request.status} />
      )}
    </span>
  );
}

/** Under the title, while a completion awaits confirmation: who does what next. */
export function AwaitingConfirmationNotice({
  request,
  role,
}: {
  request: RequestDetail;
  role: RequestViewerRole;
}) {
  const since = awaitingConfirmationSince(request);
  if (!since) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHourglassHigh size={18} aria-hidden />}
      title="Awaiting confirmation"
      data-testid="awaiting-confirmation"
    >
      <Text size="sm">
        {role === 'vendor'
          ? `You marked this job complete on ${formatDateTime(since)}. The property manager checks the work and confirms it; there is nothing more for you to do now.`
          : `The vendor marked this job complete on ${formatDateTime(since)}. Check the completion report below, then confirm the completion or send it back.`}
      </Text>
    </Alert>
  );
}
