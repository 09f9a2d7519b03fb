import { Group, Text } from '@mantine/core';
import type { AdminContactMessage } from '#shared/admin-inbox.ts';
import { useContactMessages } from './inbox-api.ts';
import { HandledCardEnd, handledColumns, receivedColumn, topCell } from './inbox-handled-columns.tsx';
import { MessageText, OpenBadge, PhoneLink, ReceivedAt } from './inbox-parts.tsx';
import { CardTop, type InboxListProps, InboxTable } from './inbox-table.tsx';

/** The Contact messages tab: who wrote, their phone, the whole message, and whether it is handled. */
export function ContactMessageList({ view, onView }: InboxListProps) {
  const list = useContactMessages(view);
  return (
    <InboxTable
      kind="contact-messages"
      view={view}
      onView={onView}
      list={list}
      minWidth={820}
      columns={(action) => [
        receivedColumn(),
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
          cellProps: () => topCell(),
        },
        {
          label: 'Message',
          cell: (row) => <MessageText message={row.message} />,
          cellProps: () => topCell({ minWidth: 240 }),
        },
        ...handledColumns<AdminContactMessage>('contact-messages', 'the message', action, { maxWidth: 160 }),
      ]}
      cardLabel={(row) => `Message from ${row.name}`}
      card={(row, action) => (
        <>
          <CardTop badge={<OpenBadge handled={row.handled_at !== null} />}>
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
          </CardTop>
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
          <HandledCardEnd kind="contact-messages" row={row} what="the message" action={action} />
        </>
      )}
    />
  );
}
