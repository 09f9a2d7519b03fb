import { Badge, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { BidBody } from '#shared/bid-responses.ts';
import { requestLabel } from '#shared/display-names.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { useBid, useSubmitBid } from './api.ts';
import { BidErrorPanel } from './bid-error-view.tsx';
import { BID_LOAD_FAILURE, type BidErrorView, bidErrorView } from './bid-errors.ts';
import { BidForm } from './bid-form.tsx';
import {
  type BidFormValues,
  bidFormFrom,
  EMPTY_BID_FORM,
  keyForSubmission,
  toBidInput,
  validateBidForm,
} from './bid-form-values.ts';
import { BidQueued } from './bid-queued.tsx';
import { BidRequestSummary } from './bid-request-summary.tsx';
import { BidSuccess } from './bid-success.tsx';
import { NestedDialogContext } from './nested-dialog.ts';
import { OwnReportNotice } from './own-report-notice.tsx';

/**
 * The request the bid is for, as the opener reads it (src/app/requests owns the request queries and
 * opens this dialog; bids never imports requests, docs/decisions/app-screen-families.md "Screen families").
 */
export interface BidDialogRequest {
  data: RequestDetail | undefined;
  isPending: boolean;
}

export interface BidDialogProps {
  /** The request to bid on; the dialog is closed while null. */
  requestId: number | null;
  request: BidDialogRequest;
  onClose: () => void;
  /** The vendor's own bid on it: the dialog loads it and edits it (PUT) instead of placing a new one. */
  existingBidId?: number | null;
}

/** The bid dialog (signed-in spec, section 2): form, submitting, success, or an error view. */
export function BidDialog({ requestId, request, onClose, existingBidId = null }: BidDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [nestedOpen, setNestedOpen] = useState(false);
  return (
    <Modal
      opened={requestId !== null}
      onClose={onClose}
      closeOnEscape={!nestedOpen}
      title={requestId !== null ? `Submit Bid for ${requestLabel(requestId)}` : ''}
      size="lg"
      fullScreen={narrow}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {requestId !== null ? (
        <NestedDialogContext value={setNestedOpen}>
          <BidDialogBody
            requestId={requestId}
            request={request}
            existingBidId={existingBidId}
            onClose={onClose}
          />
        </NestedDialogContext>
      ) : null}
    </Modal>
  );
}

function BidDialogBody({
  requestId,
  request,
  existingBidId,
  onClose,
}: {
  requestId: number;
  request: BidDialogRequest;
  existingBidId: number | null;
  onClose: () => void;
}) {
  const [editBidId, setEditBidId] = useState<number | null>(existingBidId);
  const [error, setError] = useState<BidErrorView | null>(null);
  const [saved, setSaved] = useState<BidBody | null>(null);
  const [queued, setQueued] = useState(false);
  const submissionKey = useRef<{ fingerprint: string; key: string } | null>(null);
  const bid = useBid(editBidId);
  const mutation = useSubmitBid();
  const form = useForm<BidFormValues>({
    // Controlled: line totals, the summed amount and the option list follow every keystroke.
    mode: 'controlled',
    initialValues: EMPTY_BID_FORM,
    validate: validateBidForm,
  });
  const editing = editBidId !== null;

  // The loaded bid fills the form once; later refetches must not overwrite what the vendor typed.
  const loadedId = useRef<number | null>(null);
  useEffect(() => {
    if (bid.data && loadedId.current !== bid.data.id) {
      loadedId.current = bid.data.id;
      form.setValues(bidFormFrom(bid.data));
      form.resetDirty();
    }
  }, [bid.data, form]);

  const submit = form.onSubmit((values) => {
    const input = toBidInput(values);
    const mode = editing ? 'update' : 'create';
    submissionKey.current = keyForSubmission(submissionKey.current, JSON.stringify([mode, input]), () =>
      crypto.randomUUID(),
    );
    mutation.mutate(
      {
        requestId,
        mode,
        input,
        idempotencyKey: submissionKey.current.key,
        ownReport: request.data?.is_own_report ?? false,
      },
      {
        onSuccess: (answer) => {
          submissionKey.current = null;
          if (answer.kind === 'queued') setQueued(true);
          else setSaved(answer.bid);
        },
        onError: (failure) => {
          if (isApiError(failure) && Object.keys(failure.fieldErrors).length > 0) {
            form.setErrors(
              Object.fromEntries(Object.entries(failure.fieldErrors).map(([k, v]) => [k, v[0]])),
            );
            return;
          }
          setError(bidErrorView(failure));
        },
      },
    );
  });

  // Defensive: the list and the detail offer no Bid on the vendor's own report, so say why here too.
  if (request.data?.is_own_report) return <OwnReportNotice request={request} onClose={onClose} />;
  if (saved) return <BidSuccess bid={saved} updated={editing} onClose={onClose} />;
  if (queued) return <BidQueued onClose={onClose} />;

  if (error) {
    return (
      <BidErrorPanel
        error={error}
        modifying={bid.isFetching}
        onModify={(bidId) => {
          setEditBidId(bidId);
          setError(null);
        }}
        onRetry={() => setError(null)}
        onClose={onClose}
      />
    );
  }

  return (
    <Stack gap="md">
      {editing ? (
        <Group>
          <Badge variant="light" color="blue">
            Editing your bid
          </Badge>
        </Group>
      ) : null}
      <BidRequestSummary request={request.data} loading={request.isPending} />
      {bid.isError ? (
        <Stack gap="xs">
          <ErrorAlert>{BID_LOAD_FAILURE}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void bid.refetch()}>
              Retry
            </Button>
          </Group>
        </Stack>
      ) : null}
      <BidForm
        form={form}
        onSubmit={submit}
        onCancel={onClose}
        submitting={mutation.isPending || (editing && bid.isPending)}
        editing={editing}
        spot={request.data?.spot ?? null}
      />
    </Stack>
  );
}
