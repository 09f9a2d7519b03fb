import type { VisitSide } from '#server/db/schema/job-visits.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import { VISIT_ACTIONS, type VisitAction, type VisitStatus } from '#shared/visit-schemas.ts';

/** What of a visit decides the steps open on it. */
export interface VisitState {
  status: VisitStatus;
  proposedBy: VisitSide;
  onMyWayAt: Date | null;
  arrivedAt: Date | null;
  leftAt: Date | null;
}

/** The day's steps: the awarded vendor's alone (anyone else is refused 403, not 409). */
export const VENDOR_ONLY: readonly VisitAction[] = ['on_my_way', 'arrived', 'left'];

export const JOB_NOT_IN_PROGRESS = 'Visits can be arranged only while the job is in progress.';

/**
 * Why `side` may not take `action` on the visit now (the 409's message), or null when it may. A
 * visit is arranged while the job is in progress: proposed, countered or accepted by the side that
 * did not propose, moved or cancelled until the vendor sets off; on the day On my way (optional),
 * Arrived and Left follow in that order on a confirmed visit.
 */
export function visitRefusal(
  action: VisitAction,
  visit: VisitState,
  side: VisitSide,
  requestStatus: RequestStatus,
): string | null {
  if (requestStatus !== 'in_progress') return JOB_NOT_IN_PROGRESS;
  if (visit.status === 'done') return 'This visit is already done.';
  if (visit.status === 'cancelled') return 'This visit was cancelled.';
  const underway = visit.onMyWayAt !== null || visit.arrivedAt !== null;
  switch (action) {
    case 'accept':
      if (visit.status !== 'proposed') return 'This visit is already confirmed.';
      if (visit.proposedBy === side) return 'The other side confirms the times you proposed.';
      return null;
    case 'propose':
    case 'cancel':
      return underway ? 'The vendor is already on the way.' : null;
    case 'on_my_way':
      if (visit.status !== 'confirmed') return 'Only a confirmed visit can start.';
      return underway ? 'You are already on the way.' : null;
    case 'arrived':
      if (visit.status !== 'confirmed') return 'Only a confirmed visit can start.';
      return visit.arrivedAt !== null ? 'You already checked in.' : null;
    case 'left':
      if (visit.status !== 'confirmed') return 'Only a confirmed visit can start.';
      return visit.arrivedAt === null ? 'Check in with Arrived first.' : null;
  }
}

/** What the asker may do with the visit now (the answer's allowed_actions). */
export function visitActions(
  visit: VisitState,
  side: VisitSide,
  requestStatus: RequestStatus,
): VisitAction[] {
  return VISIT_ACTIONS.filter(
    (action) =>
      (side === 'vendor' || !VENDOR_ONLY.includes(action)) &&
      visitRefusal(action, visit, side, requestStatus) === null,
  );
}
