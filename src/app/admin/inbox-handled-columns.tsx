import type { CSSProperties } from 'react';
import type { Column } from '#app/ui/columns-table.tsx';
import { HandleActions, HandledNote, HandledStatus, type InboxAction, ReceivedCell } from './inbox-parts.tsx';

/** A row of the Inbox tabs staff mark handled (contact messages, visit requests). */
interface HandledRow {
  id: number;
  name: string;
  email: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

type HandledKind = 'contact-messages' | 'visit-requests';

/** Cells of rows of several lines start at the top, so each row reads across. */
export const topCell = (style: CSSProperties = {}) => ({
  style: { verticalAlign: 'top', ...style } as const,
});

/** The first column: when it came. */
export function receivedColumn<Row extends HandledRow>(): Column<Row> {
  return {
    label: 'Received',
    cell: (row) => <ReceivedCell value={row.created_at} />,
    cellProps: () => topCell(),
  };
}

/** The last two columns: handled or open (`statusStyle` sizes it), then Reply and Mark handled/Reopen. */
export function handledColumns<Row extends HandledRow>(
  kind: HandledKind,
  what: string,
  action: InboxAction,
  statusStyle: CSSProperties,
): Column<Row>[] {
  return [
    {
      label: 'Status',
      cell: (row) => <HandledStatus at={row.handled_at} by={row.handled_by} />,
      cellProps: () => topCell(statusStyle),
    },
    {
      label: 'Actions',
      hiddenLabel: true,
      cell: (row) => <HandleActions kind={kind} row={row} what={what} action={action} />,
      cellProps: () => topCell({ width: 1 }),
    },
  ];
}

/** A card's last lines: who handled it and when, then the actions. */
export function HandledCardEnd({
  kind,
  row,
  what,
  action,
}: {
  kind: HandledKind;
  row: HandledRow;
  what: string;
  action: InboxAction;
}) {
  return (
    <>
      <HandledNote at={row.handled_at} by={row.handled_by} />
      <HandleActions kind={kind} row={row} what={what} action={action} />
    </>
  );
}
