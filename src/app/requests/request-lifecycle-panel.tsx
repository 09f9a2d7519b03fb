import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { RequestDetail } from '#shared/request-responses.ts';
import { AwardBidsCard } from './award-bids-card.tsx';
import { BidChangedDialog } from './bid-changed-dialog.tsx';
import { CompletionReport } from './completion-report.tsx';
import { lifecycleErrorMessage } from './lifecycle-error.ts';
import { ManagerLifecycleActions } from './manager-lifecycle-actions.tsx';
import { useAwardLimit } from './owner-approval-api.ts';
import { PendingCompletionCard, usePendingCompletion } from './pending-completion.tsx';
import { RequestTimeline } from './request-timeline.tsx';
import { useAwardFlow } from './use-award-flow.ts';
import { VendorCompletionForm } from './vendor-completion-form.tsx';

/**
 * The manager's side of the request lifecycle (DESIGN.md, "Beyond the spec"), in the detail's
 * actions slot: the status buttons and the bids to award.
 */
export function ManagerLifecyclePanel({ request }: { request: RequestDetail }) {
  const [error, setError] = useState<unknown>(null);
  const allowed = request.allowed_actions;
  const onError = (failure: unknown) => setError(failure);
  const award = useAwardFlow(request.id, onError);
  const limit = useAwardLimit(request);

  return (
    <Stack gap="lg">
      {error ? <ErrorAlert>{lifecycleErrorMessage(error)}</ErrorAlert> : null}
      <ManagerLifecycleActions requestId={request.id} allowed={allowed} onError={onError} />
      {allowed.includes('award') && request.bids.length > 0 ? (
        <AwardBidsCard
          requestId={request.id}
          bids={request.bids}
          // Award waits for the limit, so the dialog can say when the owner will be asked.
          pending={award.pending || !limit.settled}
          limit={limit.limit}
          onAward={(bid, option, note) => {
            setError(null);
            // The award names the version shown: a bid changed since is shown again, not awarded.
            award.send({
              bidId: bid.id,
              vendorName: bid.vendor_name,
              option: option?.position ?? null,
              version: bid.version,
              seen: bid,
              note,
            });
          }}
        />
      ) : null}
      <BidChangedDialog
        changed={award.changed}
        pending={award.pending}
        onAward={award.awardAsChanged}
        onClose={award.dismiss}
      />
    </Stack>
  );
}

/**
 * The awarded vendor's side: Mark as complete while the server allows it, or the completion made on
 * this phone that is still waiting for the server (offline), in place of the form.
 */
export function VendorLifecyclePanel({ request }: { request: RequestDetail }) {
  const pending = usePendingCompletion(request.id);
  if (pending) return <PendingCompletionCard item={pending} />;
  return request.allowed_actions.includes('mark_complete') ? (
    <VendorCompletionForm requestId={request.id} />
  ) : null;
}

/**
 * Below the request's details: the awarded job with the vendor's completion report, and the history
 * of status changes. Shown to the managing side and the awarded vendor (the server sends the job
 * part only to them).
 */
export function RequestProgressSection({ request }: { request: RequestDetail }) {
  const involved = Boolean(request.completion || request.awarded_bid || request.allowed_actions.length > 0);
  if (!involved) return null;
  return (
    <Stack gap="lg">
      {request.awarded_bid || request.completion?.vendor_completed_at ? (
        <CompletionReport awarded={request.awarded_bid} completion={request.completion} />
      ) : null}
      <RequestTimeline steps={request.timeline} />
    </Stack>
  );
}
