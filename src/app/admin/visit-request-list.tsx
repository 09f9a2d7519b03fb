import { List, Text } from '@mantine/core';
import type { AdminVisitRequest } from '#shared/admin-inbox.ts';
import { formatCount } from '#shared/formatters.ts';
import { formatVisitChoice } from '#shared/visit-request-schemas.ts';
import { useVisitRequests } from './inbox-api.ts';
import { HandledCardEnd, handledColumns, receivedColumn, topCell } from './inbox-handled-columns.tsx';
import { MessageText, OpenBadge, PhoneLink, ReceivedAt } from './inbox-parts.tsx';
import { CardTop, type InboxListProps, InboxTable } from './inbox-table.tsx';

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
  const units = `${formatCount(row.number_of_units)} ${row.number_of_units === 1 ? 'unit' : 'units'}`;
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
export function VisitRequestList({ view, onView }: InboxListProps) {
  const list = useVisitRequests(view);
  return (
    <InboxTable
      kind="visit-requests"
      view={view}
      onView={onView}
      list={list}
      minWidth={980}
      columns={(action) => [
        receivedColumn(),
        {
          label: 'From',
          cell: (row) => <Who row={row} />,
          cellProps: () => topCell({ minWidth: 170, maxWidth: 220 }),
        },
        {
          label: 'Visit',
          cell: (row) => <Visit row={row} />,
          cellProps: () => topCell({ minWidth: 200 }),
        },
        {
          label: 'Notes',
          cell: (row) => <Notes notes={row.notes} />,
          cellProps: () => topCell({ minWidth: 180 }),
        },
        ...handledColumns<AdminVisitRequest>('visit-requests', 'the visit request', action, {
          minWidth: 96,
          maxWidth: 160,
        }),
      ]}
      cardLabel={(row) => `Visit request from ${row.name}`}
      card={(row, action) => (
        <>
          <CardTop badge={<OpenBadge handled={row.handled_at !== null} />}>
            <div>
              <Who row={row} />
            </div>
          </CardTop>
          <Text size="xs" c="dimmed">
            Received <ReceivedAt value={row.created_at} />
          </Text>
          <div>
            <Visit row={row} />
          </div>
          <Notes notes={row.notes} />
          <HandledCardEnd kind="visit-requests" row={row} what="the visit request" action={action} />
        </>
      )}
    />
  );
}
