import { Group, Text } from '@mantine/core';
import { useContactMessages } from './inbox-api.ts';
import {
  HandleActions,
  HandledNote,
  HandledStatus,
  MessageText,
  OpenBadge,
  PhoneLink,
  ReceivedAt,
  ReceivedCell,
} from './inbox-parts.tsx';
import { CardTop, type InboxListProps, InboxTable } from './inbox-table.tsx';

const top = () => ({ style: { verticalAlign: 'top' } as const });

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
          cell: (row) => <HandledStatus at={row.handled_at} by={row.handled_by} />,
          cellProps: () => ({ style: { verticalAlign: 'top', maxWidth: 160 } }),
        },
        {
          label: 'Actions',
          hiddenLabel: true,
          cell: (row) => (
            <HandleActions kind="contact-messages" row={row} what="the message" action={action} />
          ),
          cellProps: () => ({ style: { verticalAlign: 'top', width: 1 } }),
        },
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
          <HandledNote at={row.handled_at} by={row.handled_by} />
          <HandleActions kind="contact-messages" row={row} what="the message" action={action} />
        </>
      )}
    />
  );
}
