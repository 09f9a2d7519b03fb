/*
 * The manager's work queue, "Needs you" (docs/decisions/manager-work-queue.md): its kinds, their
 * headings, its limits, where an item is done and what a business day is. No zod here: the
 * dashboard imports it in its first load (the answer's schema is work-queue.ts).
 */

export const WORK_QUEUE_KINDS = [
  'bids_to_review',
  'completion_to_confirm',
  'visit_to_confirm',
  'overdue_job',
  'overdue_visit',
  'unanswered_message',
  'approval_waiting',
] as const;
export type WorkQueueKind = (typeof WORK_QUEUE_KINDS)[number];

/** Each kind's heading on the card, in the order the card lists them. */
export const WORK_QUEUE_KIND_LABELS: Record<WorkQueueKind, string> = {
  bids_to_review: 'Bids to review',
  completion_to_confirm: 'Completions to confirm',
  visit_to_confirm: 'Visits to confirm',
  overdue_job: 'Overdue jobs',
  overdue_visit: 'Overdue visits',
  unanswered_message: 'Unanswered messages',
  approval_waiting: "Waiting for the owner's approval",
};

/** The most items one answer lists (the oldest); `counts` still counts them all. */
export const WORK_QUEUE_LIMIT = 50;

/** An awarded job not marked complete this long after the award is overdue. */
export const OVERDUE_JOB_DAYS = 14;

/**
 * Where an item is done: the request's detail (bids, completion, visits), or the manager's thread
 * with the vendor. The paths equal src/app/route-paths.ts's builders (pinned by a unit test).
 */
export function workQueueHref(kind: WorkQueueKind, requestId: number, vendorId: number | null): string {
  if (kind === 'unanswered_message' && vendorId !== null) {
    return `/property-manager/messages?${new URLSearchParams({
      request: String(requestId),
      vendor: String(vendorId),
    })}`;
  }
  return `/property-manager/requests/${requestId}`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The weekday (0 Sunday … 6 Saturday) and the time since local midnight of `at` in `timeZone`. */
function localDay(at: number, timeZone: string): { weekday: number; sinceMidnight: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const sinceMidnight =
    (Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second'))) * 1000 + (at % 1000);
  return { weekday, sinceMidnight };
}

/**
 * The moment one business day (24 hours of Monday to Friday, in the property's zone) before `now`:
 * a vendor's message written at or before it has waited a business day. Holidays are not skipped.
 */
export function businessDayBefore(now: Date, timeZone: string): Date {
  let remaining = DAY_MS;
  let at = now.getTime();
  // Walks back a local day at a time: at most a weekend and a day (a few steps).
  for (let step = 0; step < 10; step += 1) {
    // The day holding the instant just before `at` (at midnight, the day before).
    const { weekday, sinceMidnight } = localDay(at - 1, timeZone);
    const dayStart = at - 1 - sinceMidnight;
    const weekend = weekday === 0 || weekday === 6;
    if (!weekend) {
      const available = at - dayStart;
      if (available >= remaining) return new Date(at - remaining);
      remaining -= available;
    }
    at = dayStart;
  }
  return new Date(at - remaining);
}
