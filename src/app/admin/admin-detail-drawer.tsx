import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminSectionState } from './admin-section-state.tsx';

/**
 * The right-hand drawer one admin row opens: open while `id` is set, titled by the loaded record
 * (`label`, capitalised, until it comes), with the loading and failed states before `children` draws it.
 */
export function AdminDetailDrawer<Data>({
  id,
  query,
  title,
  label,
  onClose,
  children,
}: {
  id: number | null;
  query: { data?: Data; isPending: boolean; isError: boolean; refetch: () => unknown };
  title: (data: Data) => string;
  /** What the drawer shows ("user"), for its first title and the loading and error states. */
  label: string;
  onClose: () => void;
  children: (data: Data) => ReactNode;
}) {
  const data = query.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data === undefined ? label.charAt(0).toUpperCase() + label.slice(1) : title(data)}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AdminSectionState
        loading={query.isPending && id !== null}
        error={query.isError}
        empty={false}
        emptyText=""
        onRetry={() => query.refetch()}
        label={label}
      />
      {data === undefined ? null : children(data)}
    </Drawer>
  );
}
