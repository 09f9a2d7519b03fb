import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Hidden header text (an actions column); the cell still shows. */
  hiddenLabel?: boolean;
}

/**
 * A table from the small breakpoint up; below it, one card a row with the first column as its title
 * and the others as label/value lines, so a 375px screen never scrolls sideways.
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
  const [first, ...rest] = columns;
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped={striped} highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.label} ta={column.align}>
                    {column.hiddenLabel ? (
                      <span className="mantine-visually-hidden">{column.label}</span>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.label} ta={column.align}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack gap="xs" hiddenFrom="sm">
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" component="article">
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
          </Card>
        ))}
      </Stack>
    </>
  );
}
