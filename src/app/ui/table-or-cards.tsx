import { Box, Card, type MantineBreakpoint, type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, ColumnsTable } from './columns-table.tsx';
import { HiddenCopy } from './hidden-copy.tsx';
import { useLayoutsFrom } from './use-wide-from.ts';

/**
 * A list screen's rows: a table from `breakpoint` up, and below it one card a row laid out by the
 * screen itself (a 375px screen never scrolls sideways). Each card is an article named for screen readers.
 * CSS media queries show one (Mantine's `hiddenFrom`/`visibleFrom`), so a server-rendered page is laid
 * out for its viewport before any script; once hydrated only the one shown is rendered
 * (useLayoutsFrom), and the hydration itself leaves the hidden one's HTML alone (HiddenCopy).
 */
export function TableOrCards<Row>({
  breakpoint,
  columns,
  rows,
  rowKey,
  minWidth,
  horizontalSpacing,
  striped,
  cardGap = 'sm',
  cardLabel,
  card,
}: {
  breakpoint: MantineBreakpoint;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  minWidth: number;
  horizontalSpacing?: MantineSpacing;
  striped?: boolean;
  cardGap?: MantineSpacing;
  /** Each card's name for screen readers; without it a card is an unnamed article. */
  cardLabel?: (row: Row) => string;
  card: (row: Row) => ReactNode;
}) {
  const layouts = useLayoutsFrom(breakpoint);
  return (
    <>
      {layouts.narrow ? (
        <HiddenCopy asleep={layouts.asleep === 'narrow'}>
          <Stack gap={cardGap} hiddenFrom={breakpoint}>
            {rows.map((row) => (
              <Card
                key={rowKey(row)}
                withBorder
                radius="md"
                padding="sm"
                component="article"
                aria-label={cardLabel?.(row)}
              >
                {card(row)}
              </Card>
            ))}
          </Stack>
        </HiddenCopy>
      ) : null}
      {layouts.wide ? (
        <HiddenCopy asleep={layouts.asleep === 'wide'}>
          <Box visibleFrom={breakpoint}>
            <ColumnsTable
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              minWidth={minWidth}
              horizontalSpacing={horizontalSpacing}
              striped={striped}
            />
          </Box>
        </HiddenCopy>
      ) : null}
    </>
  );
}
