import { Box, Paper, Stack, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An admin list's rows twice, one shown by CSS: a table from the md breakpoint up (`head` its column
 * headers, `cells` a row's cells), and below it one bordered card a row laid out by `card`.
 */
export function AdminTableAndCards<Row>({
  rows,
  rowKey,
  head,
  cells,
  card,
  tableProps,
}: {
  rows: Row[];
  rowKey: (row: Row) => string | number;
  head: ReactNode[];
  cells: (row: Row) => ReactNode;
  card: (row: Row) => ReactNode;
  tableProps?: TableProps;
}) {
  return (
    <>
      <Box visibleFrom="md">
        <Table striped highlightOnHover verticalSpacing="sm" {...tableProps}>
          <Table.Thead>
            <Table.Tr>
              {head.map((header, index) => (
                // The headers are fixed for the screen: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                <Table.Th key={index}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>{cells(row)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="md" gap="sm">
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="md">
            {card(row)}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
