import { type LifecycleEvent, type LifecycleRole, timelineLabel } from '#shared/request-lifecycle.ts';
import type { RequestStatus } from '#shared/statuses.ts';

/** A request_status_history row with who took the step. */
export interface HistoryStep {
  event: LifecycleEvent;
  from: RequestStatus | null;
  to: RequestStatus;
  changedById: number | null;
  /** Null once the user is gone. */
  changerName: string | null;
  changerType: 'vendor' | 'property_manager' | null;
  when: Date;
  note: string;
}

/** The steps about the awarded vendor's work: its completion report and a send-back to it. */
const aboutTheWork = (step: HistoryStep) =>
  step.event === 'vendor_completed' || (step.event === 'reopened' && step.from === 'in_progress');

/** The steps whose note speaks to or about the awarded bid (its vendor, amount, the work). */
const noteAboutTheAward = (step: HistoryStep) =>
  step.event === 'awarded' || step.event === 'confirmed' || aboutTheWork(step);

/**
 * The timeline as one asker may read it. The managing side reads every step. A vendor reads the
 * steps about the request itself (created, awarded, cancelled, reopened, confirmed); the awarded
 * vendor also its own award's note, completion report and send-backs, while any other vendor gets
 * neither those rows nor the notes of the award (the winner's name and amount) and of the
 * confirmation. No vendor learns another vendor's name: a step taken by one (a reporter raising
 * the request, the winner marking it complete) shows no `who` to the others.
 */
export function timelineFor(steps: readonly HistoryStep[], role: LifecycleRole, viewerId: number) {
  const managing = role === 'manager';
  const awarded = role === 'awarded_vendor';
  return steps
    .filter((step) => managing || awarded || !aboutTheWork(step))
    .map((step) => {
      const otherVendor = step.changerType === 'vendor' && step.changedById !== viewerId;
      return {
        event: step.event,
        from: step.from,
        to: step.to,
        who: managing || !otherVendor ? step.changerName : null,
        when: step.when,
        note: managing || awarded || !noteAboutTheAward(step) ? step.note : '',
        label: timelineLabel(step.event, step.from, step.to),
      };
    });
}
