import { Box, Group, Stack, Text } from '@mantine/core';
import type { Column } from './columns-table.tsx';
import { TableOrCards } from './table-or-cards.tsx';

export type { Column } from './columns-table.tsx';

/** A phone's card for one row: the first column as its title, the others as label/value lines. */
function LabelledCard<Row>({ columns, row }: { columns: Column<Row>[]; row: Row }) {
  const [first, ...rest] = columns;
  return (
    <>
      {first ? (
        <Text fw={700} mb={4} component="div">
          {first.cell(row)}
        </Text>
      ) : null}
      <Stack gap={4}>
        {rest.map((column) => (
          <Group key={column.label} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            {column.hiddenLabel ? null : (
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {column.label}
              </Text>
            )}
            <Box ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} ml="auto">
              {column.cell(row)}
            </Box>
          </Group>
        ))}
      </Stack>
    </>
  );
}

/**
 * A table from the small breakpoint up; below it, one card a row with the first column as its title
 * and the others as label/value lines, so a 375px screen never scrolls sideways (TableOrCards with
 * the card drawn from the columns).
 */
export function ResponsiveTable<Row>({
  columns,
  rows,
  rowKey,
  minWidth = 640,
  striped = true,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  minWidth?: number;
  striped?: boolean;
}) {
  return (
    <TableOrCards
      breakpoint="sm"
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      minWidth={minWidth}
      striped={striped}
      cardGap="xs"
      card={(row) => <LabelledCard columns={columns} row={row} />}
    />
  );
}
