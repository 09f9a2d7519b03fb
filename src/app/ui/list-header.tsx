import { Button, Group, type MantineBreakpoint, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredSelect } from './deferred-select.tsx';
import { ScreenTitle } from './screen-title.tsx';

export interface SortSelectOptions {
  /** The select's name for screen readers, e.g. 'Sort jobs'. */
  label: string;
  options: Array<{ value: string; label: string }>;
  /** The current `ordering` ('' for the default sort). */
  value: string;
  onChange: (ordering: string) => void;
  /** Where the table's clickable headers take over. */
  hiddenFrom: MantineBreakpoint;
  width: number;
}

/**
 * The top of a filtered list: title, "Showing N of M ...", and on the right the sort select (the cards
 * below the table's breakpoint have no headers to click, so the sort is a select there), the Filters
 * button and the screen's own actions.
 */
export function ListHeader({
  title,
  shown,
  below,
  sort,
  onFilters,
  actions,
}: {
  title: string;
  /** The page's row count, the total and what the rows are ('jobs'), or null before the first answer. */
  shown: { count: number; total: number; noun: string } | null;
  /** More lines under the count. */
  below?: ReactNode;
  sort: SortSelectOptions;
  onFilters: () => void;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <ScreenTitle>{title}</ScreenTitle>
        {shown ? (
          <Text size="sm" c="dimmed" mt={-8} aria-live="polite">
            Showing {shown.count} of {shown.total} {shown.noun}
          </Text>
        ) : null}
        {below}
      </div>
      <Group gap="sm">
        {/* Its Combobox loads on the page's first use, off the list's first load. */}
        <DeferredSelect
          hiddenFrom={sort.hiddenFrom}
          aria-label={sort.label}
          data={sort.options}
          value={sort.value}
          allowDeselect={false}
          w={sort.width}
          onChange={(value) => sort.onChange(value ?? '')}
        />
        <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={onFilters}>
          Filters
        </Button>
        {actions}
      </Group>
    </Group>
  );
}
