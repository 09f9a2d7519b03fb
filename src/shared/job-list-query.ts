import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { LIST_SEARCH_MAX, orderingField, pagingQueryFields, searchQueryField } from './list-query.ts';
import { REQUEST_STATUSES } from './statuses.ts';

/** Sortable jobs columns (signed-in spec, section 2) and the request field each sorts by. */
export const JOB_ORDERING_FIELDS = ['status', 'service_type', 'deadline', 'created_at'] as const;
export type JobOrderingField = (typeof JOB_ORDERING_FIELDS)[number];

/** The jobs search limit (the top bar uses it); the same for both request lists. */
export const JOB_SEARCH_MAX = LIST_SEARCH_MAX;

/** GET /api/vendor/jobs/ query (signed-in spec, section 7); a page_size above the cap is cut to it. */
export const jobListQuerySchema = z.object({
  service_type: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service type.' }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: 'Not a valid status.' }).optional(),
  ...pagingQueryFields,
  search: searchQueryField,
  ordering: orderingField(JOB_ORDERING_FIELDS),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
