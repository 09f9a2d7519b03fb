import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A sortable column header: a button whose state screen readers hear through aria-sort. */
export function SortHeader({
  children,
  direction,
  onSort,
}: {
  children: ReactNode;
  /** The column's current sort, or null when the table is sorted by something else. */
  direction: 'ascending' | 'descending' | null;
  onSort: () => void;
}) {
  const Icon =
    direction === 'ascending'
      ? IconSortAscending
      : direction === 'descending'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton
        onClick={onSort}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {children}
        <Icon size={14} aria-hidden opacity={direction ? 1 : 0.4} />
      </UnstyledButton>
    </Table.Th>
  );
}
