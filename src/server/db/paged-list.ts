import type { ListPage } from '#shared/list-query.ts';

/** Which page of a list, from 1, and how many rows a page holds. */
export interface PageWindow {
  page: number;
  pageSize: number;
}

/** A list query before its limit and offset: a Drizzle select, ordered so that pages do not overlap. */
interface OrderedRows<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list as every paged list answers it (signed-in spec, section 7): `count` (a
 * `select({ total: count() })` over the same filter) runs first, then `rows` for the page's window,
 * each row made an item by `toItem`. A page past the end is empty with the real count; an empty list
 * is one empty page.
 */
export async function readListPage<Row, Item>(
  count: PromiseLike<{ total: number }[]>,
  rows: OrderedRows<Row>,
  window: PageWindow,
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [counted] = await count;
  const total = counted?.total ?? 0;
  const found = await rows.limit(window.pageSize).offset((window.page - 1) * window.pageSize);
  return listPage(found.map(toItem), total, window);
}

/** The paging answer around a page's items and the list's total. */
export function listPage<Item>(results: Item[], total: number, window: PageWindow): ListPage<Item> {
  return {
    results,
    count: total,
    total_pages: Math.max(1, Math.ceil(total / window.pageSize)),
    current_page: window.page,
  };
}
