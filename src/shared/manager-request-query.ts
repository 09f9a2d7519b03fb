import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { pagingQueryFields, searchQueryField } from './list-query.ts';
import { PRIORITIES, REQUEST_STATUSES } from './statuses.ts';

/**
 * Sortable columns of the manager's Maintenance Requests list (signed-in spec, section 2: status,
 * priority, type, created). `type` and `created` are the column names; `service_type` and
 * `created_at` (the item's field names, as in the jobs list) mean the same.
 */
export const MANAGER_ORDERING_FIELDS = [
  'status',
  'priority',
  'type',
  'service_type',
  'created',
  'created_at',
] as const;
export type ManagerOrderingField = (typeof MANAGER_ORDERING_FIELDS)[number];

/** GET /api/property-manager/maintenance-requests/ query (signed-in spec, section 7). */
export const managerRequestQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: 'Not a valid status.' }).optional(),
  service_type: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service type.' }).optional(),
  property: z.coerce
    .number({ error: 'Not a valid property.' })
    .int('Not a valid property.')
    .positive('Not a valid property.')
    // Ids are PostgreSQL integers: a larger number would reach the query and fail there (a 500).
    .max(2_147_483_647, 'Not a valid property.')
    .optional(),
  priority: z.enum(PRIORITIES, { error: 'Not a valid priority.' }).optional(),
  ...pagingQueryFields,
  /** The top bar's search, as in the vendor's jobs list (src/shared/job-list-query.ts). */
  search: searchQueryField,
  ordering: z
    .string()
    .regex(
      new RegExp(`^-?(${MANAGER_ORDERING_FIELDS.join('|')})$`),
      `Invalid ordering. Use one of status, priority, type, created, with a '-' prefix for descending.`,
    )
    .optional(),
});
export type ManagerRequestQuery = z.infer<typeof managerRequestQuerySchema>;
