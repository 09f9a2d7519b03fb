import { Anchor, Badge, Box, Button, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import {
  DEMO_REQUEST_STATUS_LABELS,
  type DemoRequestStatus,
  type InboxKind,
  REPLY_SUBJECTS,
  replyLink,
} from '#shared/admin-inbox.ts';
import { formatDate, formatDateTime } from '#shared/date-display.ts';
import { formatPhone } from '#shared/formatters.ts';
import { type InboxChange, useInboxChange } from './inbox-api.ts';

// Pieces the Inbox lists show in their table rows and phone cards.

/** When it arrived, in the reader's time zone; the size comes from around it. */
export function ReceivedAt({ value }: { value: string }) {
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </time>
  );
}

/** A table cell's date over two lines: the day, then the time dimmed. */
export function ReceivedCell({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} style={{ display: 'block', whiteSpace: 'nowrap' }}>
      <Text size="sm" component="span" display="block">
        {formatDate(date)}
      </Text>
      <Text size="xs" c="dimmed" component="span" display="block">
        {timeOfDay.format(date)}
      </Text>
    </time>
  );
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Ten digits as (XXX) XXX-XXXX, anything else as typed; a tel: link either way. */
export function PhoneLink({ phone }: { phone: string }) {
  const digits = phone.replace(/\D/g, '');
  return (
    <Anchor href={`tel:${digits || phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {digits.length === 10 ? formatPhone(digits) : phone}
    </Anchor>
  );
}

/** A mailto: link in the staff member's own mail app, with the subject filled in. */
export function ReplyButton({ kind, email, who }: { kind: InboxKind; email: string; who: string }) {
  return (
    <Button
      component="a"
      href={replyLink(email, REPLY_SUBJECTS[kind])}
      size="xs"
      variant="default"
      leftSection={<IconMail size={14} aria-hidden />}
      aria-label={`Reply to ${who} by email`}
    >
      Reply
    </Button>
  );
}

const DEMO_COLORS: Record<DemoRequestStatus, string> = { new: 'blue', approved: 'green', declined: 'red' };

export function DemoStatusBadge({ status }: { status: DemoRequestStatus }) {
  return (
    <Badge color={DEMO_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {DEMO_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

export function OpenBadge({ handled }: { handled: boolean }) {
  return (
    <Badge color={handled ? 'gray' : 'blue'} variant="light" style={{ flexShrink: 0 }}>
      {handled ? 'Handled' : 'Open'}
    </Badge>
  );
}

/** Open or Handled, and who handled it when. */
export function HandledStatus({ at, by }: { at: string | null; by: string | null }) {
  return (
    <>
      <OpenBadge handled={at !== null} />
      <HandledNote at={at} by={by} />
    </>
  );
}

/** "Handled by Ada Staff, Mar 4, 2026, 9:05 AM" under the status of a handled item. */
export function HandledNote({ at, by }: { at: string | null; by: string | null }) {
  if (!at) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      Handled by {by ?? 'a former staff member'}, <ReceivedAt value={at} />
    </Text>
  );
}

const LONG_MESSAGE = 160;

/**
 * A contact message: short ones whole, long ones cut to three lines with a button that shows the
 * whole text in place (its line breaks kept). Screen readers hear the button's expanded state.
 */
export function MessageText({ message }: { message: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = message.length > LONG_MESSAGE || message.split('\n').length > 3;
  return (
    <Box>
      <Text
        id={id}
        size="sm"
        lineClamp={long && !expanded ? 3 : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {message}
      </Text>
      {long ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls={id}
        >
          {expanded ? 'Show less' : 'Read full message'}
        </Anchor>
      ) : null}
    </Box>
  );
}

const DONE: Record<string, string> = {
  approved: 'Demo request approved. Reply to send the demo link.',
  declined: 'Demo request declined.',
  handled: 'Message marked handled.',
  'visit-handled': 'Visit request marked handled.',
  reopened: 'Reopened.',
};

/**
 * A row's handle and reopen buttons: sends the change, says what happened in a toast (or the
 * server's reason, e.g. someone else handled it first) and calls `onDone` after a change.
 */
export function useInboxAction(onDone: () => void) {
  const change = useInboxChange();
  const run = (request: InboxChange) =>
    change.mutate(request, {
      onSuccess: () => {
        const outcome =
          request.action === 'reopen'
            ? 'reopened'
            : 'status' in request
              ? request.status
              : request.kind === 'visit-requests'
                ? 'visit-handled'
                : 'handled';
        showToast({ message: DONE[outcome]!, color: 'green' });
        onDone();
      },
      onError: (error) =>
        showToast({
          message: (isApiError(error) && error.serverMessage) || 'The change could not be saved. Try again.',
          color: 'red',
        }),
    });
  /** This row's change while it is on its way, else null. */
  const busy = (kind: InboxKind, id: number): InboxChange | null =>
    change.isPending && change.variables?.kind === kind && change.variables.id === id
      ? change.variables
      : null;
  return { run, busy, pending: change.isPending };
}

export type InboxAction = ReturnType<typeof useInboxAction>;

/**
 * Reply, and Mark handled (or Reopen once handled) for a row that is only open or handled;
 * `what` names the row for screen readers ("the message from Ada").
 */
export function HandleActions({
  kind,
  row,
  what,
  action,
}: {
  kind: 'contact-messages' | 'visit-requests';
  row: { id: number; name: string; email: string; handled_at: string | null };
  what: string;
  action: InboxAction;
}) {
  const busy = action.busy(kind, row.id);
  const handled = row.handled_at !== null;
  return (
    <Group gap="xs" wrap="wrap">
      <ReplyButton kind={kind} email={row.email} who={row.name} />
      <Button
        size="xs"
        variant={handled ? 'subtle' : 'filled'}
        loading={busy !== null}
        disabled={action.pending && busy === null}
        onClick={() =>
          action.run(
            handled ? { kind, id: row.id, action: 'reopen' } : { kind, id: row.id, action: 'handle' },
          )
        }
        aria-label={`${handled ? 'Reopen' : 'Mark handled'}: ${what} from ${row.name}`}
      >
        {handled ? 'Reopen' : 'Mark handled'}
      </Button>
    </Group>
  );
}
