import { Pagination } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminSectionState } from './admin-section-state.tsx';

/** What an admin list's query hands its screen (a TanStack query of one page of rows). */
export interface AdminListQuery {
  data?: { total_pages?: number; results: unknown[] } | unknown[];
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

const rowsOf = (data: AdminListQuery['data']) => (Array.isArray(data) ? data : (data?.results ?? []));

/**
 * An admin list's rows between its states: loading, failed (with Try again) and empty first; the
 * rows (faded while the next page loads over the last one); then the numbered pages when there is
 * more than one. `page` and `onPage` are left out by a list that is never paged.
 */
export function AdminPagedRows({
  list,
  label,
  emptyText,
  page,
  onPage,
  children,
}: {
  list: AdminListQuery;
  /** What is listed, for the loading and error states. */
  label: string;
  emptyText: string;
  page?: number;
  onPage?: (page: number) => void;
  children: ReactNode;
}) {
  const rows = rowsOf(list.data);
  const totalPages = Array.isArray(list.data) ? 1 : (list.data?.total_pages ?? 1);
  return (
    <>
      <AdminSectionState
        loading={list.isPending}
        error={list.isError}
        empty={rows.length === 0}
        emptyText={emptyText}
        onRetry={() => list.refetch()}
        label={label}
      />
      {rows.length > 0 ? <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>{children}</div> : null}
      {page !== undefined && onPage && totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </>
  );
}
