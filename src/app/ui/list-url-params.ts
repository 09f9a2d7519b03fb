/** A list's column sort as kept in the URL's `ordering` ('-' in front for descending); null is the server's default. */
export type ColumnSort<Field extends string> = { field: Field; descending: boolean } | null;

/** The `ordering` value: a field the list does not sort by falls back to the default sort. */
export function readColumnSort<Field extends string>(
  fields: readonly Field[],
  ordering: string | null,
): ColumnSort<Field> {
  const text = ordering ?? '';
  const field = text.replace(/^-/, '');
  return (fields as readonly string[]).includes(field)
    ? { field: field as Field, descending: text.startsWith('-') }
    : null;
}

/** The sort as an `ordering` value; '' for the default sort. */
export function orderingParam(sort: ColumnSort<string>): string {
  return sort ? `${sort.descending ? '-' : ''}${sort.field}` : '';
}

/** A click on a column header: ascending first, then descending, then back to the default sort. */
export function nextColumnSort<Field extends string>(
  current: ColumnSort<Field>,
  field: Field,
): ColumnSort<Field> {
  if (current?.field !== field) return { field, descending: false };
  if (!current.descending) return { field, descending: true };
  return null;
}

/** What a column's header tells screen readers (aria-sort) about the current sort. */
export function sortDirection(sort: ColumnSort<string>, field: string): 'ascending' | 'descending' | null {
  if (sort?.field !== field) return null;
  return sort.descending ? 'descending' : 'ascending';
}

/** The `page` value: anything but a whole number from 1 up is page 1. */
export function readPage(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A list call's query: the URL's filters, search and sort, then always the page and the page size. */
export function pagedApiQuery(
  params: URLSearchParams,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const query = new URLSearchParams(params);
  query.delete('page');
  return { ...Object.fromEntries(query), page, page_size: pageSize };
}

/** What every searchable list keeps in its URL besides its own filters. */
export interface SearchSortPage<Field extends string> {
  /** The top bar's search text ('' for none). */
  search: string;
  sort: ColumnSort<Field>;
  page: number;
}

export function readSearchSortPage<Field extends string>(
  params: URLSearchParams,
  sortFields: readonly Field[],
): SearchSortPage<Field> {
  return {
    search: (params.get('search') ?? '').trim(),
    sort: readColumnSort(sortFields, params.get('ordering')),
    page: readPage(params.get('page')),
  };
}

/** Adds search, ordering and page after the list's filters, leaving out the defaults. */
export function writeSearchSortPage(params: URLSearchParams, view: SearchSortPage<string>): URLSearchParams {
  if (view.search) params.set('search', view.search);
  if (view.sort) params.set('ordering', orderingParam(view.sort));
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
