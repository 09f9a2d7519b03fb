import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import type { Column } from '#app/ui/columns-table.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import type { AdminVisitRequest } from '#shared/admin-inbox.ts';
import { formatVisitChoice } from '#shared/visit-request-schemas.ts';
import { useVisitRequests } from './inbox-api.ts';
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

function VisitActions({ row, action }: { row: AdminVisitRequest; action: Action }) {
  const busy = action.busy('visit-requests', row.id);
  const handled = row.handled_at !== null;
  return (
    <Group gap="xs" wrap="wrap">
      <ReplyButton kind="visit-requests" email={row.email} who={row.name} />
      <Button
        size="xs"
        variant={handled ? 'subtle' : 'filled'}
        loading={busy !== null}
        disabled={action.pending && busy === null}
        onClick={() =>
          action.run(
            handled
              ? { kind: 'visit-requests', id: row.id, action: 'reopen' }
              : { kind: 'visit-requests', id: row.id, action: 'handle' },
          )
        }
        aria-label={`${handled ? 'Reopen' : 'Mark handled'}: the visit request from ${row.name}`}
      >
        {handled ? 'Reopen' : 'Mark handled'}
      </Button>
    </Group>
  );
}

function Who({ row }: { row: AdminVisitRequest }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {row.name}
      </Text>
      <Text size="sm">{row.company_name}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {row.email}
      </Text>
      <PhoneLink phone={row.phone} />
    </>
  );
}

/** Where, how big, and the preferred times in the visitor's order. */
function Visit({ row }: { row: AdminVisitRequest }) {
  const units = `${row.number_of_units.toLocaleString('en-US')} ${row.number_of_units === 1 ? 'unit' : 'units'}`;
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.property_address}
      </Text>
      <Text size="sm" c="dimmed">
        {units}
      </Text>
      <List size="sm" mt={4} spacing={2}>
        <List.Item>1st: {formatVisitChoice(row.preferred_date_1, row.preferred_time_1)}</List.Item>
        {row.preferred_date_2 && row.preferred_time_2 ? (
          <List.Item>2nd: {formatVisitChoice(row.preferred_date_2, row.preferred_time_2)}</List.Item>
        ) : null}
      </List>
    </>
  );
}

function Notes({ notes }: { notes: string }) {
  return notes ? (
    <MessageText message={notes} />
  ) : (
    <Text size="sm" c="dimmed">
      No notes
    </Text>
  );
}

/** The Visit requests tab: who asks, for which property and when, and whether it is handled. */
export function VisitRequestList({
  view,
  onView,
}: {
  view: InboxView;
  onView: (next: Partial<InboxView>) => void;
}) {
  const list = useVisitRequests(view);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const action = useInboxAction(() => summaryRef.current?.focus());

  const top = () => ({ style: { verticalAlign: 'top' } as const });
  const columns: Column<AdminVisitRequest>[] = [
    { label: 'Received', cell: (row) => <ReceivedCell value={row.created_at} />, cellProps: top },
    {
      label: 'From',
      cell: (row) => <Who row={row} />,
      cellProps: () => ({ style: { verticalAlign: 'top', minWidth: 170, maxWidth: 220 } }),
    },
    {
      label: 'Visit',
      cell: (row) => <Visit row={row} />,
      cellProps: () => ({ style: { verticalAlign: 'top', minWidth: 200 } }),
    },
    {
      label: 'Notes',
      cell: (row) => <Notes notes={row.notes} />,
      cellProps: () => ({ style: { verticalAlign: 'top', minWidth: 180 } }),
    },
    {
      label: 'Status',
      cell: (row) => (
        <>
          <OpenBadge handled={row.handled_at !== null} />
          <HandledNote at={row.handled_at} by={row.handled_by} />
        </>
      ),
      cellProps: () => ({ style: { verticalAlign: 'top', minWidth: 96, maxWidth: 160 } }),
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      cell: (row) => <VisitActions row={row} action={action} />,
      cellProps: () => ({ style: { verticalAlign: 'top', width: 1 } }),
    },
  ];

  return (
    <InboxListFrame kind="visit-requests" view={view} onView={onView} list={list} summaryRef={summaryRef}>
      <TableOrCards
        breakpoint="md"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        minWidth={980}
        cardLabel={(row) => `Visit request from ${row.name}`}
        card={(row) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Who row={row} />
              </div>
              <OpenBadge handled={row.handled_at !== null} />
            </Group>
            <Text size="xs" c="dimmed">
              Received <ReceivedAt value={row.created_at} />
            </Text>
            <div>
              <Visit row={row} />
            </div>
            <Notes notes={row.notes} />
            <HandledNote at={row.handled_at} by={row.handled_by} />
            <VisitActions row={row} action={action} />
          </Stack>
        )}
      />
    </InboxListFrame>
  );
}
