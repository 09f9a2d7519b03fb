import { type MantineSpacing, Table, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './columns-table.module.css';
import { type ColumnSort, sortDirection } from './list-url-params.ts';
import { SortHeader } from './sort-header.tsx';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Hidden header text (an actions column); the cell still shows. */
  hiddenLabel?: boolean;
  /** A sortable column: its header becomes a button whose state screen readers hear through aria-sort. */
  sort?: { direction: 'ascending' | 'descending' | null; onSort: () => void };
  /** More props for the column's cells: a width cap, no wrapping, a tooltip. */
  cellProps?: (row: Row) => TableTdProps;
}

/** A table built from columns, scrolling sideways inside its box when narrower than `minWidth`. */
export function ColumnsTable<Row>({
  columns,
  rows,
  rowKey,
  minWidth,
  striped = true,
  horizontalSpacing,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  minWidth: number;
  striped?: boolean;
  horizontalSpacing?: MantineSpacing;
}) {
  return (
    <div className={classes.scroll}>
      <Table
        miw={minWidth}
        striped={striped}
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={horizontalSpacing}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sort ? (
                <SortHeader key={column.label} direction={column.sort.direction} onSort={column.sort.onSort}>
                  {column.label}
                </SortHeader>
              ) : (
                <Table.Th key={column.label} ta={column.align}>
                  {column.hiddenLabel ? (
                    <span className="mantine-visually-hidden">{column.label}</span>
                  ) : (
                    column.label
                  )}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.label} ta={column.align} {...column.cellProps?.(row)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Builds a column's `sort` from the list's sort and its header-click handler. */
export function sortableBy<Field extends string>(sort: ColumnSort<Field>, onSort: (field: Field) => void) {
  return (field: Field): Column<unknown>['sort'] => ({
    direction: sortDirection(sort, field),
    onSort: () => onSort(field),
  });
}
