import { and, count, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import type { ListPage } from '#shared/list-query.ts';

// The SQL the request lists share: the vendor's jobs and the manager's Maintenance Requests.

/**
 * Every word of the search must appear in the description, the areas affected or the type (any case),
 * so "kitchen leak" finds the leaking kitchen sink. LIKE's wildcards in the text are taken literally.
 */
export function matchesSearch(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const haystack = sql`(${mr.description} || ' ' || ${mr.areasAffected}::text || ' ' || ${mr.type})`;
  return and(
    ...words.map((word) => sql`${haystack} ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
  );
}

export interface Paging {
  page: number;
  page_size: number;
}

/** Counts the requests matching `where` row by row: for searches, which read the rows anyway. */
export function countMatching(db: DbOrTx, where: SQL | undefined): () => Promise<number> {
  return async () => {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mr).where(where);
    return total;
  };
}

/**
 * One page of requests: the total (`countRows`: the lists count by their counters, see
 * request-counts.ts), the rows of the page (`selectRows` gets the limit and offset), and `toItems`
 * to add what each list joins in (skipped for an empty page). A page past the end answers empty
 * results with the real count; an empty list is one empty page (docs/decisions/requests-and-jobs.md, jobs paging).
 */
export async function loadRequestPage<Row, Item>(
  countRows: () => Promise<number>,
  paging: Paging,
  selectRows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  toItems: (rows: Row[]) => Promise<Item[]>,
): Promise<ListPage<Item>> {
  const total = await countRows();
  const rows = await selectRows({ limit: paging.page_size, offset: (paging.page - 1) * paging.page_size });
  return {
    results: rows.length === 0 ? [] : await toItems(rows),
    count: total,
    total_pages: Math.max(1, Math.ceil(total / paging.page_size)),
    current_page: paging.page,
  };
}
