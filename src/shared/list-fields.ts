// The request lists' sortable columns and search limit, apart from their query schemas
// (list-query.ts, job-list-query.ts) so a page that only shows a list reads them without zod.

/** The top bar's search text is at most this long (its box and both lists). */
export const LIST_SEARCH_MAX = 200;

/** Sortable jobs columns (signed-in spec, section 2) and the request field each sorts by. */
export const JOB_ORDERING_FIELDS = ['status', 'service_type', 'deadline', 'created_at'] as const;
export type JobOrderingField = (typeof JOB_ORDERING_FIELDS)[number];
