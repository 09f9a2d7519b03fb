import { Button, Group, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCircleCheck,
  IconLock,
  IconLockOpen,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import type { LifecycleAction } from '#shared/request-lifecycle.ts';
import {
  useCancelRequest,
  useConfirmCompletion,
  useReopenRequest,
  useSendBack,
  useSetBidding,
} from './lifecycle-api.ts';
import { NoteDialog } from './note-dialog.tsx';

const NOTE_STEPS = ['cancel', 'confirm', 'send_back'] as const;
type NoteStep = (typeof NOTE_STEPS)[number] | null;

/** The dialog of each step that takes a note: what it does and what the note is for. */
const NOTE_TEXTS = {
  cancel: {
    title: 'Cancel this request?',
    message: 'Bidding closes, pending bids are rejected and the vendors concerned are told.',
    label: 'Reason (optional)',
    confirmLabel: 'Cancel request',
    confirmColor: 'red',
  },
  confirm: {
    title: 'Confirm completion?',
    message: "The job is marked Completed and kept in the property's maintenance history.",
    label: 'Note (optional)',
    confirmLabel: 'Confirm completion',
    confirmColor: 'green',
  },
  send_back: {
    title: 'Send the job back?',
    message: 'The job stays In Progress and the vendor is told what still needs doing.',
    label: 'What still needs doing',
    requiredMessage: 'Tell the vendor what still needs doing.',
    confirmLabel: 'Send back',
  },
} as const;

/**
 * The manager's status buttons, each shown only when the server lists it in allowed_actions:
 * close/reopen bidding, cancel (with a reason), confirm completion, send back, reopen.
 * `onError` receives a refused step's error for the panel's alert.
 */
export function ManagerLifecycleActions({
  requestId,
  allowed,
  onError,
}: {
  requestId: number;
  allowed: readonly LifecycleAction[];
  onError: (error: unknown) => void;
}) {
  const [noteStep, setNoteStep] = useState<NoteStep>(null);
  const bidding = useSetBidding(requestId);
  const cancel = useCancelRequest(requestId);
  const confirm = useConfirmCompletion(requestId);
  const sendBack = useSendBack(requestId);
  const reopen = useReopenRequest(requestId);
  const busy =
    bidding.isPending || cancel.isPending || confirm.isPending || sendBack.isPending || reopen.isPending;
  const can = (action: LifecycleAction) => allowed.includes(action);
  const after = { onSuccess: () => setNoteStep(null), onError };

  const noting = { cancel, confirm, send_back: sendBack };
  const note = (step: NonNullable<NoteStep>, text: string) => {
    if (step === 'cancel') cancel.mutate({ reason: text }, after);
    else noting[step].mutate({ note: text }, after);
  };

  const toggleBidding = (open: boolean) => bidding.mutate({ is_open_for_bids: open }, { onError });
  const confirmReopen = () =>
    openConfirmDialog({
      title: 'Reopen this request?',
      children: (
        <Text size="sm">
          The request goes back to Open and bids turned down by the cancel are pending again.
        </Text>
      ),
      labels: { confirm: 'Reopen', cancel: 'Back' },
      onConfirm: () => reopen.mutate({ note: '' }, { onError }),
    });

  if (allowed.filter((action) => action !== 'award' && action !== 'mark_complete').length === 0) return null;

  return (
    <>
      <Group gap="sm" wrap="wrap">
        {can('confirm') ? (
          <Button
            color="green"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => setNoteStep('confirm')}
            disabled={busy}
          >
            Confirm completion
          </Button>
        ) : null}
        {can('send_back') ? (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => setNoteStep('send_back')}
            disabled={busy}
          >
            Send back to vendor
          </Button>
        ) : null}
        {can('close_bidding') ? (
          <Button
            variant="default"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => toggleBidding(false)}
            loading={bidding.isPending}
            disabled={busy}
          >
            Close bidding
          </Button>
        ) : null}
        {can('open_bidding') ? (
          <Button
            variant="default"
            leftSection={<IconLockOpen size={16} aria-hidden />}
            onClick={() => toggleBidding(true)}
            loading={bidding.isPending}
            disabled={busy}
          >
            Reopen bidding
          </Button>
        ) : null}
        {can('reopen') ? (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={confirmReopen}
            loading={reopen.isPending}
            disabled={busy}
          >
            Reopen request
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setNoteStep('cancel')}
            disabled={busy}
          >
            Cancel request
          </Button>
        ) : null}
      </Group>

      {NOTE_STEPS.map((step) => (
        <NoteDialog
          key={step}
          opened={noteStep === step}
          {...NOTE_TEXTS[step]}
          pending={noting[step].isPending}
          onConfirm={(text) => note(step, text)}
          onClose={() => setNoteStep(null)}
        />
      ))}
    </>
  );
}
