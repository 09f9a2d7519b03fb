import { relativeTime } from '#shared/date-display.ts';
import { requestLabel } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { VISIT_PURPOSE_LABELS, type VisitPurpose } from '#shared/visit-schemas.ts';
import type { WorkQueueItem } from '#shared/work-queue.ts';
import { OVERDUE_JOB_DAYS, workQueueHref } from '#shared/work-queue-kinds.ts';
import type { QueueRow } from './work-queue-rows.ts';

// How each row of the work queue's statements reads to the manager: what to do and why it waits.

/** The longest part of a waiting message the queue quotes. */
const EXCERPT = 80;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat;
}

/** 'Plumbing · Maple Court · Unit 107'. */
function summaryOf(row: QueueRow): string {
  return [row.type, row.property, row.unit === null ? null : `Unit ${row.unit}`]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
}

function visitName(row: QueueRow): string {
  const purpose = VISIT_PURPOSE_LABELS[row.text as VisitPurpose] ?? row.text ?? '';
  return `visit ${row.amount ?? ''} (${purpose})`;
}

function wording(row: QueueRow, since: Date, now: Date): { title: string; detail: string } {
  const vendor = row.vendor_name ?? 'The vendor';
  switch (row.kind) {
    case 'bids_to_review': {
      const bids = row.amount ?? 0;
      return {
        title: 'Review bids',
        detail: `${bids} ${bids === 1 ? 'bid' : 'bids'} · first ${relativeTime(since, now)}`,
      };
    }
    case 'completion_to_confirm':
      return { title: 'Confirm completion', detail: `${vendor} marked the job complete` };
    case 'visit_to_confirm':
      return { title: 'Confirm a visit', detail: `${vendor} proposed ${visitName(row)}` };
    case 'overdue_job':
      return {
        title: 'Job overdue',
        detail: `Awarded to ${vendor}; not marked complete within ${OVERDUE_JOB_DAYS} days`,
      };
    case 'overdue_visit':
      return { title: 'Visit overdue', detail: `${vendor} has not arrived for ${visitName(row)}` };
    case 'approval_waiting':
      return {
        title: "Owner's approval",
        detail: `${vendor}'s ${formatUsd(row.amount ?? 0)} award waits for the owner, asked ${relativeTime(since, now)}`,
      };
    case 'unanswered_message':
      return { title: 'Reply to a message', detail: `${vendor}: “${excerpt(row.text ?? '')}”` };
  }
}

export function workQueueItem(row: QueueRow, now: Date): WorkQueueItem {
  const since = new Date(row.since_ms);
  return {
    kind: row.kind,
    request_id: row.request_id,
    request_name: requestLabel(row.request_id),
    request_summary: summaryOf(row),
    ...wording(row, since, now),
    since: since.toISOString(),
    href: workQueueHref(row.kind, row.request_id, row.vendor_id),
  };
}
