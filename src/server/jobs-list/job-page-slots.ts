import { type Placeholder, sql } from 'drizzle-orm';

// Where a jobs page's values go in its SQL (job-list-seek.ts, job-list-store.ts): the values
// themselves, for a statement built for one call, or placeholders, for a statement built once per
// shape and then only executed (Drizzle building a page's SQL was a quarter of the event
// loop's time per page).

/** Every value a jobs page's statements take; each statement uses some, unused ones are ignored. */
export interface JobPageValues {
  viewerId: number;
  /** The viewer's trades as one PostgreSQL array literal (`{"HVAC","Plumbing"}`). */
  trades: string;
  serviceType: string;
  status: string;
  /** Whose invitations the rows name (job-row-columns.ts). */
  onlyVendor: number;
  limit: number;
  /** The rows skipped: from the list's start, or from the anchor for a page read from one. */
  offset: number;
  /** offset + limit: the rows a page read from an anchor can need from each of its ranges. */
  reach: number;
  anchorRank: number;
  /** The anchor's created_at as PostgreSQL's text (exact to the microsecond). */
  anchorCreatedAt: string;
  anchorId: number;
  /** How many rows the walk that finds the anchors reads. */
  walkLimit: number;
}

/** A value of a page's SQL by its name: the value, or the placeholder named for it. */
export type Slot = <K extends keyof JobPageValues>(name: K) => JobPageValues[K] | Placeholder<K>;

/** The SQL of a statement built once: each value a placeholder, filled in when it runs. */
export const placeholders: Slot = (name) => sql.placeholder(name);

/** The SQL of a statement built for this call only: each value written in. */
export const valuesOf =
  (values: JobPageValues): Slot =>
  (name) =>
    values[name];
