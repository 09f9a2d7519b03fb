import type { LifecycleAction, LifecycleEvent } from '#shared/request-lifecycle.ts';
import type { RequestDetail } from '#shared/request-views.ts';
import type { RequestStatus, TimeUnit } from '#shared/statuses.ts';

/** One status step of GET /api/requests/{id}/ `timeline`. */
export interface TimelineStep {
  event: LifecycleEvent;
  from: RequestStatus | null;
  to: RequestStatus;
  /** Who took the step; null when that user is gone, or is a vendor other than the reader. */
  who: string | null;
  when: string;
  note: string;
  /** The server's words for the step (timelineLabel in src/shared/request-lifecycle.ts). */
  label?: string;
}

export interface AwardedBid {
  id: number;
  vendor_id: number;
  vendor_name: string;
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  proposed_start_date: string | null;
  notes: string;
  awarded_at: string | null;
}

export interface CompletionReport {
  note: string;
  photos: Array<{ id: number; url: string }>;
  vendor_completed_at: string | null;
  completed_at: string | null;
}

/** The lifecycle part of the request detail (DESIGN.md, "Beyond the spec"); absent on older servers. */
export interface RequestProgress {
  timeline: TimelineStep[];
  awarded_bid: AwardedBid | null;
  completion: CompletionReport | null;
  allowed_actions: LifecycleAction[];
}

export type RequestWithProgress = RequestDetail & Partial<RequestProgress>;

export function allowedActionsOf(request: RequestWithProgress): readonly LifecycleAction[] {
  return request.allowed_actions ?? [];
}
