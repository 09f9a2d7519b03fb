import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import type { Column } from '#app/ui/columns-table.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import type { AdminContactMessage } from '#shared/admin-inbox.ts';
import { useContactMessages } from './inbox-api.ts';
import { InboxListFrame } from './inbox-list-frame.tsx';
import {
  HandledNote,
  MessageText,
  OpenBadge,
  PhoneLink,
  ReceivedAt,
  ReceivedCell,
  ReplyButton,
  useInboxAction,
} from './inbox-parts.tsx';
import type { InboxView } from './inbox-view.ts';

type Action = ReturnType<typeof useInboxAction>;

function ContactActions({ row, action }: { row: AdminContactMessage; action: Action }) {
  const busy = action.busy('contact-messages', row.id);
  const handled = row.handled_at !== null;
  return (
    <Group gap="xs" wrap="wrap">
      <ReplyButton kind="contact-messages" email={row.email} who={row.name} />
      <Button
        size="xs"
        variant={handled ? 'subtle' : 'filled'}
        loading={busy !== null}
        disabled={action.pending && busy === null}
        onClick={() =>
          action.run(
            handled
              ? { kind: 'contact-messages', id: row.id, action: 'reopen' }
              : { kind: 'contact-messages', id: row.id, action: 'handle' },
          )
        }
        aria-label={`${handled ? 'Reopen' : 'Mark handled'}: the message from ${row.name}`}
      >
        {handled ? 'Reopen' : 'Mark handled'}
      </Button>
    </Group>
  );
}

/** The Contact messages tab: who wrote, their phone, the whole message, and whether it is handled. */
export function ContactMessageList({
  view,
  onView,
}: {
  view: InboxView;
  onView: (next: Partial<InboxView>) => void;
}) {
  const list = useContactMessages(view);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const action = useInboxAction(() => summaryRef.current?.focus());

  const top = () => ({ style: { verticalAlign: 'top' } as const });
  const columns: Column<AdminContactMessage>[] = [
    { label: 'Received', cell: (row) => <ReceivedCell value={row.created_at} />, cellProps: top },
    {
      label: 'From',
      cell: (row) => (
        <>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {row.email}
          </Text>
          <PhoneLink phone={row.phone} />
        </>
      ),
      cellProps: top,
    },
    {
      label: 'Message',
      cell: (row) => <MessageText message={row.message} />,
      cellProps: () => ({ style: { verticalAlign: 'top', minWidth: 240 } }),
    },
    {
      label: 'Status',
      cell: (row) => (
        <>
          <OpenBadge handled={row.handled_at !== null} />
          <HandledNote at={row.handled_at} by={row.handled_by} />
        </>
      ),
      cellProps: () => ({ style: { verticalAlign: 'top', maxWidth: 160 } }),
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      cell: (row) => <ContactActions row={row} action={action} />,
      cellProps: () => ({ style: { verticalAlign: 'top', width: 1 } }),
    },
  ];

  return (
    <InboxListFrame kind="contact-messages" view={view} onView={onView} list={list} summaryRef={summaryRef}>
      <TableOrCards
        breakpoint="md"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        minWidth={820}
        cardLabel={(row) => `Message from ${row.name}`}
        card={(row) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {row.name}
              </Text>
              <OpenBadge handled={row.handled_at !== null} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Text>
            <Group gap="xs" justify="space-between">
              <PhoneLink phone={row.phone} />
              <Text size="xs" c="dimmed">
                <ReceivedAt value={row.created_at} />
              </Text>
            </Group>
            <MessageText message={row.message} />
            <HandledNote at={row.handled_at} by={row.handled_by} />
            <ContactActions row={row} action={action} />
          </Stack>
        )}
      />
    </InboxListFrame>
  );
}
