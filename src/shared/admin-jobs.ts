import { z } from 'zod';

/**
 * One kind of job in the queue and how many of it wait: `ready` can run now, `deferred` waits for
 * its time (a scheduled pass, a retry's backoff), `active` runs, `failed` used up its retries and
 * stays for staff to retry or discard.
 */
export const adminJobKindSchema = z.object({
  kind: z.string(),
  ready: z.number().int(),
  deferred: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type AdminJobKind = z.infer<typeof adminJobKindSchema>;

/** A job that failed for good: its last error, and how many times it was tried. */
export const adminFailedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type AdminFailedJob = z.infer<typeof adminFailedJobSchema>;

export const adminJobQueueSchema = z.object({
  kinds: z.array(adminJobKindSchema),
  /** Newest first, at most ADMIN_FAILED_JOBS_SHOWN. */
  failed: z.array(adminFailedJobSchema),
});
export type AdminJobQueue = z.infer<typeof adminJobQueueSchema>;

export const ADMIN_FAILED_JOBS_SHOWN = 50;

export const adminJobParamsSchema = z.object({
  kind: z.string().min(1).max(100),
  id: z.uuid(),
});
