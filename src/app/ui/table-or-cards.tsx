import { Box, Card, type MantineBreakpoint, type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, ColumnsTable } from './columns-table.tsx';

/**
 * A list screen's rows: a table from `breakpoint` up, and below it one card a row laid out by the
 * screen itself (a 375px screen never scrolls sideways). Each card is an article named for screen readers.
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
  return (
    <>
      <Box visibleFrom={breakpoint}>
        <ColumnsTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          minWidth={minWidth}
          horizontalSpacing={horizontalSpacing}
        />
      </Box>
      <Stack hiddenFrom={breakpoint} gap="sm">
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
    </>
  );
}
