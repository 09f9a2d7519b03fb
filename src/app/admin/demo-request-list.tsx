import { Button, Group, Text } from '@mantine/core';
import type { AdminDemoRequest } from '#shared/admin-inbox.ts';
import { useDemoRequests } from './inbox-api.ts';
import {
  DemoStatusBadge,
  HandledNote,
  type InboxAction,
  ReceivedAt,
  ReceivedCell,
  ReplyButton,
} from './inbox-parts.tsx';
import { CardTop, type InboxListProps, InboxTable } from './inbox-table.tsx';

/** Approve or Decline while open (the landing page promises a demo link "if approved"), else Reopen. */
function DemoActions({ row, action, wrap }: { row: AdminDemoRequest; action: InboxAction; wrap?: boolean }) {
  const busy = action.busy('demo-requests', row.id);
  const name = row.company_name;
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'}>
      <ReplyButton kind="demo-requests" email={row.email} who={name} />
      {row.handled_at === null ? (
        <>
          <Button
            size="xs"
            color="green"
            loading={busy !== null && 'status' in busy && busy.status === 'approved'}
            disabled={action.pending}
            onClick={() =>
              action.run({ kind: 'demo-requests', id: row.id, action: 'handle', status: 'approved' })
            }
            aria-label={`Approve the demo request from ${name}`}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy !== null && 'status' in busy && busy.status === 'declined'}
            disabled={action.pending}
            onClick={() =>
              action.run({ kind: 'demo-requests', id: row.id, action: 'handle', status: 'declined' })
            }
            aria-label={`Decline the demo request from ${name}`}
          >
            Decline
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          variant="subtle"
          loading={busy !== null}
          disabled={action.pending && busy === null}
          onClick={() => action.run({ kind: 'demo-requests', id: row.id, action: 'reopen' })}
          aria-label={`Reopen the demo request from ${name}`}
        >
          Reopen
        </Button>
      )}
    </Group>
  );
}

function Status({ row }: { row: AdminDemoRequest }) {
  return (
    <>
      <DemoStatusBadge status={row.status} />
      <HandledNote at={row.handled_at} by={row.handled_by} />
    </>
  );
}

/** The Demo requests tab: who asked (email), for which company, and the decision. */
export function DemoRequestList({ view, onView }: InboxListProps) {
  const list = useDemoRequests(view);
  return (
    <InboxTable
      kind="demo-requests"
      view={view}
      onView={onView}
      list={list}
      minWidth={720}
      columns={(action) => [
        { label: 'Received', cell: (row) => <ReceivedCell value={row.created_at} /> },
        {
          label: 'From',
          cell: (row) => (
            <>
              <Text size="sm" fw={600}>
                {row.company_name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {row.email}
              </Text>
            </>
          ),
        },
        { label: 'Status', cell: (row) => <Status row={row} /> },
        {
          label: 'Actions',
          hiddenLabel: true,
          cell: (row) => <DemoActions row={row} action={action} />,
          cellProps: () => ({ style: { width: 1 } }),
        },
      ]}
      cardLabel={(row) => `Demo request from ${row.company_name}`}
      card={(row, action) => (
        <>
          <CardTop badge={<DemoStatusBadge status={row.status} />}>
            <Text fw={600} size="sm">
              {row.company_name}
            </Text>
          </CardTop>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
          <Text size="xs" c="dimmed">
            Received <ReceivedAt value={row.created_at} />
          </Text>
          <HandledNote at={row.handled_at} by={row.handled_by} />
          <DemoActions row={row} action={action} wrap />
        </>
      )}
    />
  );
}
