import { REQUEST_STATUS_LABELS, type RequestStatus } from './statuses.ts';

/**
 * The maintenance-request lifecycle the spec leaves unshown (DESIGN.md, "Beyond the spec"): one
 * table of who may do what from which state. The server refuses everything else with
 * INVALID_TRANSITION; the browser shows only the actions this module allows.
 *
 *   open ──award──▶ in_progress ──mark_complete──▶ in_progress (vendor done) ──confirm──▶ completed
 *     │                 │                                 │ send_back ▲ (back to the vendor)
 *     └──cancel──▶ cancelled ◀──cancel──┘                 └──cancel───┘
 *   cancelled ──reopen──▶ open   (only when it was never awarded)
 */
export const LIFECYCLE_ACTIONS = [
  'award',
  'close_bidding',
  'open_bidding',
  'cancel',
  'mark_complete',
  'confirm',
  'send_back',
  'reopen',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** The steps kept in request_status_history (its `event` column checks this list). */
export const LIFECYCLE_EVENTS = [
  'created',
  'awarded',
  'vendor_completed',
  'confirmed',
  'cancelled',
  'reopened',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/**
 * The asker's part in one request: the managing side (staff and the active managers of the client
 * owning its property; never its creator as such), the vendor whose bid was awarded, or anyone else.
 */
export type LifecycleRole = 'manager' | 'awarded_vendor' | 'none';

export interface LifecycleState {
  status: RequestStatus;
  isOpenForBids: boolean;
  /** vendor_completed_at is set: the vendor says the work is done and waits for the manager. */
  vendorCompleted: boolean;
  /** awarded_bid_id is set (kept after a cancel, so a cancelled awarded job is recognisable). */
  awarded: boolean;
}

export type TransitionCheck =
  | { ok: true; event: LifecycleEvent | null; to: RequestStatus }
  | { ok: false; detail: string };

const ACTION_ROLE: Record<LifecycleAction, LifecycleRole> = {
  award: 'manager',
  close_bidding: 'manager',
  open_bidding: 'manager',
  cancel: 'manager',
  mark_complete: 'awarded_vendor',
  confirm: 'manager',
  send_back: 'manager',
  reopen: 'manager',
};

const label = (status: RequestStatus) => REQUEST_STATUS_LABELS[status];
const ok = (event: LifecycleEvent | null, to: RequestStatus): TransitionCheck => ({ ok: true, event, to });
const refuse = (detail: string): TransitionCheck => ({ ok: false, detail });

function whileOpen(state: LifecycleState, what: string): string | null {
  return state.status === 'open'
    ? null
    : `${what} only while the request is Open; it is ${label(state.status)}.`;
}

function whileVendorDone(state: LifecycleState, what: string): string | null {
  if (state.status !== 'in_progress') {
    return `${what} only a job in progress; this request is ${label(state.status)}.`;
  }
  return state.vendorCompleted ? null : `${what} only after the vendor has marked the job complete.`;
}

/** Whether `action` may happen to a request in `state` (the asker's role is checked apart). */
export function checkTransition(action: LifecycleAction, state: LifecycleState): TransitionCheck {
  let problem: string | null;
  switch (action) {
    case 'award':
      problem = whileOpen(state, 'A bid can be awarded');
      return problem ? refuse(problem) : ok('awarded', 'in_progress');
    case 'close_bidding':
    case 'open_bidding':
      problem = whileOpen(state, 'Bidding can be opened or closed');
      return problem ? refuse(problem) : ok(null, 'open');
    case 'cancel':
      if (state.status === 'open' || state.status === 'in_progress') return ok('cancelled', 'cancelled');
      return refuse(
        `Only an Open or In Progress request can be cancelled; this request is ${label(state.status)}.`,
      );
    case 'mark_complete':
      if (state.status !== 'in_progress') {
        return refuse(
          `Only a job in progress can be marked complete; this request is ${label(state.status)}.`,
        );
      }
      return state.vendorCompleted
        ? refuse('This job is already marked complete and waits for the manager to confirm it.')
        : ok('vendor_completed', 'in_progress');
    case 'confirm':
      problem = whileVendorDone(state, 'A manager can confirm');
      return problem ? refuse(problem) : ok('confirmed', 'completed');
    case 'send_back':
      problem = whileVendorDone(state, 'A manager can send back');
      return problem ? refuse(problem) : ok('reopened', 'in_progress');
    case 'reopen':
      if (state.status !== 'cancelled') {
        return refuse(`Only a cancelled request can be reopened; this request is ${label(state.status)}.`);
      }
      // Its vendor was told the job is off and the other bids were turned down: raise a new request.
      return state.awarded
        ? refuse(
            'A request that was awarded cannot be reopened after cancelling; create a new request instead.',
          )
        : ok('reopened', 'open');
  }
}

export function roleMayAct(action: LifecycleAction, role: LifecycleRole): boolean {
  return ACTION_ROLE[action] === role;
}

/** The actions to offer this asker now; bidding shows only the switch that changes something. */
export function allowedActions(state: LifecycleState, role: LifecycleRole): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => {
    if (!roleMayAct(action, role) || !checkTransition(action, state).ok) return false;
    if (action === 'close_bidding') return state.isOpenForBids;
    if (action === 'open_bidding') return !state.isOpenForBids;
    return true;
  });
}

/** Words for a timeline row; `reopened` within In Progress is a manager sending the job back. */
export function timelineLabel(event: LifecycleEvent, from: RequestStatus | null, to: RequestStatus): string {
  switch (event) {
    case 'created':
      return 'Request created';
    case 'awarded':
      return 'Bid awarded';
    case 'vendor_completed':
      return 'Marked complete by the vendor';
    case 'confirmed':
      return 'Completion confirmed';
    case 'cancelled':
      return 'Request cancelled';
    case 'reopened':
      return from === 'in_progress' && to === 'in_progress' ? 'Sent back to the vendor' : 'Request reopened';
  }
}
