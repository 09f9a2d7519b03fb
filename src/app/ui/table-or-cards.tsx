import { Card, type MantineBreakpoint, type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, ColumnsTable } from './columns-table.tsx';
import { useWideFrom } from './use-wide-from.ts';

/**
 * A list screen's rows: a table from `breakpoint` up, and below it one card a row laid out by the
 * screen itself (a 375px screen never scrolls sideways). Each card is an article named for screen readers.
 * Only the one shown is rendered: both, one hidden by CSS, doubled the work of the list's first render
 * on a phone (total blocking time), and kept a second copy of every row in the page.
 * A server render of a signed-in page, and its hydration, show the one for the width the server
 * assumed (useMatchesNow).
 */
export function TableOrCards<Row>({
  breakpoint,
  columns,
  rows,
  rowKey,
  minWidth,
  horizontalSpacing,
  cardLabel,
  card,
}: {
  breakpoint: MantineBreakpoint;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  minWidth: number;
  horizontalSpacing?: MantineSpacing;
  cardLabel: (row: Row) => string;
  card: (row: Row) => ReactNode;
}) {
  const wide = useWideFrom(breakpoint);
  return wide ? (
    <ColumnsTable
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      minWidth={minWidth}
      horizontalSpacing={horizontalSpacing}
    />
  ) : (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card
          key={rowKey(row)}
          withBorder
          radius="md"
          padding="sm"
          component="article"
          aria-label={cardLabel(row)}
        >
          {card(row)}
        </Card>
      ))}
    </Stack>
  );
}
