import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import type { JobOrderingField } from '#shared/list-fields.ts';

// The orders of the vendor's jobs list (`ordering`), for a page read by OFFSET and one read from an
// anchor (job-list-seek.ts) alike.

const orderColumns: Record<JobOrderingField, AnyColumn | SQL> = {
  status: mr.statusRank,
  service_type: mr.type,
  deadline: mr.bidDeadline,
  created_at: mr.createdAt,
};

/** The list's ORDER BY for `ordering`; new SQL on every call (a union's ORDER BY rewrites it in place). */
export function jobListOrder(ordering: string | undefined): SQL[] {
  if (!ordering) return [asc(mr.statusRank), desc(mr.createdAt), desc(mr.id)];
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '') as JobOrderingField;
  const column = orderColumns[field];
  if (field === 'created_at')
    return descending ? [desc(mr.createdAt), desc(mr.id)] : [asc(mr.createdAt), asc(mr.id)];
  // Ties (and empty deadlines, which sort last either way) fall back to newest first. Only the
  // deadline can be empty: the other columns keep their plain order, which their indexes serve.
  const nullsLast = field === 'deadline' ? sql` nulls last` : sql``;
  const primary = descending ? sql`${column} desc${nullsLast}` : sql`${column} asc${nullsLast}`;
  return [primary, desc(mr.createdAt), desc(mr.id)];
}

/**
 * The orders a page can seek in (job-list-memo.ts), each named by the `ordering` that sorts by it: by
 * status (the default), newest first, oldest first. The others (service type, deadline) sort on a
 * column of few values or empty ones, and keep their OFFSET.
 */
const SEEK_ORDERINGS = { rank: undefined, newest: '-created_at', oldest: 'created_at' } as const;
export type SeekOrder = keyof typeof SEEK_ORDERINGS;

export function seekOrderOf(ordering: string | undefined): SeekOrder | undefined {
  if (ordering === undefined || ordering === 'status') return 'rank';
  if (ordering === '-created_at') return 'newest';
  if (ordering === 'created_at') return 'oldest';
  return undefined;
}

/** The ORDER BY of a seekable order. */
export function seekOrder(order: SeekOrder): SQL[] {
  return jobListOrder(SEEK_ORDERINGS[order]);
}
