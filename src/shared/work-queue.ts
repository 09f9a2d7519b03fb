import { z } from 'zod';
import { timestampText } from './response-fields.ts';
import { WORK_QUEUE_KINDS } from './work-queue-kinds.ts';

/*
 * GET /api/property-manager/work-queue/: the manager's work queue, "Needs you"
 * (docs/decisions/manager-work-queue.md). Its kinds, links and rules are in work-queue-kinds.ts.
 */

export const workQueueItemSchema = z.object({
  kind: z.enum(WORK_QUEUE_KINDS),
  request_id: z.number().int(),
  /** The request's one name (display-names.ts): 'Request #43'. */
  request_name: z.string(),
  /** What the request is and where: 'Plumbing · Maple Court · Unit 107'. */
  request_summary: z.string(),
  /** What to do: 'Review bids', 'Confirm completion'… */
  title: z.string(),
  /** Why it waits: '3 bids · first 2 days ago', 'Peak Mechanical: "The permit is approved…"'. */
  detail: z.string(),
  /** Since when it has waited on the manager (ISO). */
  since: timestampText,
  /** The app path where it is done. */
  href: z.string(),
});
export type WorkQueueItem = z.infer<typeof workQueueItemSchema>;

/** GET /api/property-manager/work-queue/: the oldest items first, at most WORK_QUEUE_LIMIT; every one counted. */
export const workQueueSchema = z.object({
  items: z.array(workQueueItemSchema),
  counts: z.object({
    bids_to_review: z.number().int(),
    completion_to_confirm: z.number().int(),
    visit_to_confirm: z.number().int(),
    overdue_job: z.number().int(),
    overdue_visit: z.number().int(),
    unanswered_message: z.number().int(),
    /** Optional only for answers kept on a device by an app from before the kind. */
    approval_waiting: z.number().int().optional().default(0),
  }),
});
export type WorkQueue = z.infer<typeof workQueueSchema>;
