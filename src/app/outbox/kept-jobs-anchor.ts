/**
 * The kept-jobs panel's id on the Outbox screen, so links (Available Jobs' "kept offline") lead
 * straight to it. Apart from the panel, which Available Jobs' first load does not need.
 */
export const KEPT_JOBS_ANCHOR = 'kept';
