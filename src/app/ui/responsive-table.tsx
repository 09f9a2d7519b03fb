import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { type Column, ColumnsTable } from './columns-table.tsx';
import { HiddenCopy } from './hidden-copy.tsx';
import { useLayoutsFrom } from './use-wide-from.ts';

export type { Column } from './columns-table.tsx';

/**
 * A table from the small breakpoint up; below it, one card a row with the first column as its title
 * and the others as label/value lines, so a 375px screen never scrolls sideways. CSS media queries
 * show one, as in TableOrCards.
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
  const layouts = useLayoutsFrom('sm');
  return (
    <>
      {layouts.narrow ? (
        <HiddenCopy asleep={layouts.asleep === 'narrow'}>
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
                    <Group
                      key={column.label}
                      justify="space-between"
                      wrap="nowrap"
                      gap="sm"
                      align="flex-start"
                    >
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
        </HiddenCopy>
      ) : null}
      {layouts.wide ? (
        <HiddenCopy asleep={layouts.asleep === 'wide'}>
          <Box visibleFrom="sm">
            <ColumnsTable
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              minWidth={minWidth}
              striped={striped}
            />
          </Box>
        </HiddenCopy>
      ) : null}
    </>
  );
}
