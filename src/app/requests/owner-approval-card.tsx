import { Anchor, Badge, Button, Card, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { amountAgainstLimit } from '#app/public/owner-approval-display.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { formatDateTime } from '#shared/date-display.ts';
import {
  OWNER_APPROVAL_STATUS_LABELS,
  type OwnerApproval,
  type OwnerApprovalEvent,
} from '#shared/owner-approval-schemas.ts';
import { useManagerApprovalStep } from './owner-approval-api.ts';

const EVENT_LABELS: Record<OwnerApprovalEvent, string> = {
  asked: 'Owner asked',
  link_sent: 'Link sent',
  opened: 'Link opened',
  question: 'Question from the owner',
  approved: 'Approved',
  declined: 'Declined',
  reminded: 'Reminder sent',
  manager_alerted: 'Managers alerted',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  voided: 'Voided',
  overridden: 'Awarded without the owner',
  emergency_award: 'Emergency award',
  link_revoked: 'Link revoked',
};

const STATUS_COLORS: Record<OwnerApproval['status'], string> = {
  waiting: 'yellow',
  approved: 'green',
  declined: 'red',
  expired: 'gray',
  withdrawn: 'gray',
  voided: 'gray',
  overridden: 'orange',
  emergency: 'orange',
};

const CERTIFIED = new Set<OwnerApproval['status']>(['approved', 'overridden', 'emergency']);

/** The server's sentence for a refused step, else a fallback. */
const refusalText = (error: unknown, fallback: string) =>
  isApiError(error) && error.serverMessage ? error.serverMessage : fallback;

/** Award without the owner: a required reason; a refusal (403, 409) shows the server's words. */
function OverrideDialog({
  requestId,
  opened,
  onClose,
}: {
  requestId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const override = useManagerApprovalStep<{ reason: string }>(requestId, 'override');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason.trim() === '') {
      setError('Write why the work cannot wait for the owner.');
      return;
    }
    setError(null);
    override.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          showToast({
            color: 'green',
            title: 'Awarded without the owner',
            message: 'The owner has been told.',
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Award without the owner" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {override.isError ? (
            <ErrorAlert>{refusalText(override.error, 'The award could not be made.')}</ErrorAlert>
          ) : null}
          <Text size="sm">
            The job is awarded now; the owner is told, and the reason is kept on the certificate.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color="orange" loading={override.isPending}>
              Award without the owner
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The request's owner approval at the top of the manager's detail: its state, the amount against the
 * limit, whom it asked and until when, its history, and the manager's steps while it waits.
 */
export function OwnerApprovalCard({
  requestId,
  approval,
  canOverride,
}: {
  requestId: number;
  approval: OwnerApproval;
  canOverride: boolean;
}) {
  const withdraw = useManagerApprovalStep(requestId, 'withdraw');
  const resend = useManagerApprovalStep(requestId, 'resend');
  const [overriding, setOverriding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const waiting = approval.status === 'waiting';

  const confirmWithdraw = () =>
    openConfirmDialog({
      title: 'Withdraw the ask?',
      children: (
        <Text size="sm">The owner’s link stops working and the request stays open for another award.</Text>
      ),
      labels: { confirm: 'Withdraw', cancel: 'Back' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(undefined, {
          onSuccess: () => showToast({ color: 'green', message: 'The ask was withdrawn.' }),
          onError: (error) => setFailure(refusalText(error, 'The ask could not be withdrawn.')),
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="owner-approval-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="h4" id="owner-approval-title">
            Owner approval
          </Title>
          <Badge
            color={STATUS_COLORS[approval.status]}
            variant="light"
            size="lg"
            style={{ textTransform: 'none' }}
          >
            {OWNER_APPROVAL_STATUS_LABELS[approval.status]}
          </Badge>
        </Group>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Text size="sm">
          {approval.vendor_name}: <b>{amountAgainstLimit(approval.amount, approval.nte_limit)}</b>
        </Text>
        {approval.owners.length > 0 ? (
          <Text size="sm">
            Asked: {approval.owners.map((owner) => `${owner.name} (${owner.email})`).join(', ')}
          </Text>
        ) : null}
        {waiting ? (
          <Text size="sm" c="dimmed">
            The link expires {formatDateTime(approval.expires_at)}.
          </Text>
        ) : null}
        {approval.decision_note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {approval.decided_by_name ? `${approval.decided_by_name}: ` : ''}
            {approval.decision_note}
          </Text>
        ) : approval.decided_by_name ? (
          <Text size="sm">Signed by {approval.decided_by_name}</Text>
        ) : null}
        {CERTIFIED.has(approval.status) && approval.certificate_url ? (
          <Anchor href={approval.certificate_url} target="_blank" rel="noreferrer" size="sm">
            Approval certificate
          </Anchor>
        ) : null}
        {approval.history.length > 0 ? (
          <List size="xs" spacing={2} aria-label="History of the approval">
            {approval.history.map((entry) => (
              <List.Item key={`${entry.event}-${entry.at}`}>
                {formatDateTime(entry.at)}: {EVENT_LABELS[entry.event]}
                {entry.actor ? ` (${entry.actor})` : ''}
                {entry.note ? `: ${entry.note}` : ''}
              </List.Item>
            ))}
          </List>
        ) : null}
        {waiting ? (
          <Group gap="sm">
            <Button
              variant="default"
              size="sm"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () =>
                    showToast({ color: 'green', message: 'The link was sent to the owner again.' }),
                  onError: (error) => setFailure(refusalText(error, 'The link could not be sent again.')),
                })
              }
            >
              Send the link again
            </Button>
            <Button
              variant="default"
              color="red"
              size="sm"
              loading={withdraw.isPending}
              onClick={confirmWithdraw}
            >
              Withdraw the ask
            </Button>
            {canOverride ? (
              <Button variant="light" color="orange" size="sm" onClick={() => setOverriding(true)}>
                Award without the owner
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      {overriding ? (
        <OverrideDialog requestId={requestId} opened={overriding} onClose={() => setOverriding(false)} />
      ) : null}
    </Card>
  );
}
