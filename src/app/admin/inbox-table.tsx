import { Group, Stack } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import type { Column } from '#app/ui/columns-table.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import type { InboxKind } from '#shared/admin-inbox.ts';
import { InboxListFrame } from './inbox-list-frame.tsx';
import { type InboxAction, useInboxAction } from './inbox-parts.tsx';
import type { InboxView } from './inbox-view.ts';

/** What the Inbox page hands each tab's list. */
export interface InboxListProps {
  view: InboxView;
  onView: (next: Partial<InboxView>) => void;
}

type FrameList = Parameters<typeof InboxListFrame>[0]['list'];

/**
 * One Inbox tab's rows in its frame: a table on wide screens, cards on phones. After a row's
 * handle or reopen the summary line takes the focus (see InboxListFrame); each tab gives only its
 * columns and its card's content.
 */
export function InboxTable<Row extends { id: number }>({
  kind,
  view,
  onView,
  list,
  minWidth,
  columns,
  cardLabel,
  card,
}: InboxListProps & {
  kind: InboxKind;
  list: FrameList & { data?: { results: Row[] } };
  minWidth: number;
  columns: (action: InboxAction) => Column<Row>[];
  cardLabel: (row: Row) => string;
  card: (row: Row, action: InboxAction) => ReactNode;
}) {
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const action = useInboxAction(() => summaryRef.current?.focus());
  return (
    <InboxListFrame kind={kind} view={view} onView={onView} list={list} summaryRef={summaryRef}>
      <TableOrCards
        breakpoint="md"
        columns={columns(action)}
        rows={list.data?.results ?? []}
        rowKey={(row) => row.id}
        minWidth={minWidth}
        cardLabel={cardLabel}
        card={(row) => <Stack gap={6}>{card(row, action)}</Stack>}
      />
    </InboxListFrame>
  );
}

/** A card's first line: who, with the status badge kept on the right. */
export function CardTop({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      {children}
      {badge}
    </Group>
  );
}
