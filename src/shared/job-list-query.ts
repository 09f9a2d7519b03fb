import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { JOB_ORDERING_FIELDS } from './list-fields.ts';
import { orderingField, pagingQueryFields, searchQueryField } from './list-query.ts';
import { REQUEST_STATUSES } from './statuses.ts';

/** GET /api/vendor/jobs/ query (signed-in spec, section 7); a page_size above the cap is cut to it. */
export const jobListQuerySchema = z.object({
  service_type: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service type.' }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: 'Not a valid status.' }).optional(),
  ...pagingQueryFields,
  search: searchQueryField,
  ordering: orderingField(JOB_ORDERING_FIELDS),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
