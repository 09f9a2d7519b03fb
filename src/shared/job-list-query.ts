import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE, REQUEST_STATUSES } from './statuses.ts';

/** Sortable jobs columns (signed-in spec, section 2) and the request field each sorts by. */
export const JOB_ORDERING_FIELDS = ['status', 'service_type', 'deadline', 'created_at'] as const;
export type JobOrderingField = (typeof JOB_ORDERING_FIELDS)[number];

export const JOB_SEARCH_MAX = 200;

const ORDERING_PATTERN = new RegExp(`^-?(${JOB_ORDERING_FIELDS.join('|')})$`);

/** GET /api/vendor/jobs/ query (signed-in spec, section 7); a page_size above the cap is cut to it. */
export const jobListQuerySchema = z.object({
  service_type: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service type.' }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: 'Not a valid status.' }).optional(),
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
  /** The top bar's search: words matched in description, areas affected and type, any case. */
  search: z
    .string()
    .trim()
    .max(JOB_SEARCH_MAX, `Ensure the search has no more than ${JOB_SEARCH_MAX} characters.`)
    .optional(),
  ordering: z
    .string()
    .regex(
      ORDERING_PATTERN,
      `Invalid ordering. Use one of ${JOB_ORDERING_FIELDS.join(', ')}, with a '-' prefix for descending.`,
    )
    .optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
