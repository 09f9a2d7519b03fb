import { z } from 'zod';
import { LIST_SEARCH_MAX } from './list-fields.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './statuses.ts';
import { lineText } from './text-fields.ts';

// Query fields the request lists share: the vendor's jobs (GET /api/vendor/jobs/) and the
// manager's Maintenance Requests (GET /api/property-manager/maintenance-requests/).

/** page (1 or more) and page_size (a page_size above the cap is cut to it; docs/decisions/requests-and-jobs.md). */
export const pagingQueryFields = {
  page: z.coerce
    .number({ error: 'A page number is required.' })
    .int('A page number must be a whole number.')
    .min(1, 'A page number must be 1 or more.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'A page size is required.' })
    .int('A page size must be a whole number.')
    .min(1, 'A page size must be 1 or more.')
    .default(PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
};

/** The top bar's search: words matched in description, areas affected and type, any case. */
export const searchQueryField = lineText(LIST_SEARCH_MAX, {
  tooLong: `Ensure the search has no more than ${LIST_SEARCH_MAX} characters.`,
}).optional();

/**
 * The spec names the "created" column of every list (signed-in spec, section 2) while the items carry
 * `created_at`; the lists take both, and `created` means `created_at`. Answers the `ordering` field.
 */
export function orderingField<Field extends string>(fields: readonly Field[]) {
  const names = [...fields, ...(fields.includes('created_at' as Field) ? ['created'] : [])];
  return z
    .string()
    .max(100)
    .regex(
      new RegExp(`^-?(${names.join('|')})$`),
      `Invalid ordering. Use one of ${fields.join(', ')}, with a '-' prefix for descending.`,
    )
    .transform((ordering) => ordering.replace(/^(-?)created$/, '$1created_at'))
    .optional();
}

/** What a paged list answers (signed-in spec, section 7). */
export interface ListPage<Item> {
  results: Item[];
  count: number;
  total_pages: number;
  current_page: number;
}
