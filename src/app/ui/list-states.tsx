import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

/**
 * The body of a paged list: a spinner while the first page loads, else the error, else the empty
 * text, else the rows, dimmed while the next page replaces them.
 */
export function ListStates({
  loading,
  loadingLabel,
  error,
  empty,
  stale,
  children,
}: {
  loading: boolean;
  /** The spinner's name for screen readers, e.g. 'Loading jobs'. */
  loadingLabel: string;
  /** The message to show instead of the rows, or null. */
  error: string | null;
  /** The text for a page without rows, or null when there are rows. */
  empty: string | null;
  /** True while the rows shown are the previous page's (placeholder data). */
  stale: boolean;
  /** The rows, or null while there is no page yet. */
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Center py="xl" role="status" aria-label={loadingLabel}>
        <Loader />
      </Center>
    );
  }
  if (error !== null) return <ErrorAlert>{error}</ErrorAlert>;
  if (empty !== null) {
    return (
      <Alert variant="light" color="gray">
        {empty}
      </Alert>
    );
  }
  return children ? <div style={{ opacity: stale ? 0.6 : 1 }}>{children}</div> : null;
}
