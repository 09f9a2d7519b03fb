import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  checkTransition,
  LIFECYCLE_ACTIONS,
  type LifecycleAction,
  type LifecycleState,
  roleMayAct,
  timelineLabel,
} from '#shared/request-lifecycle.ts';

const open: LifecycleState = { status: 'open', isOpenForBids: true, vendorCompleted: false, awarded: false };
const openClosed: LifecycleState = { ...open, isOpenForBids: false };
const working: LifecycleState = {
  status: 'in_progress',
  isOpenForBids: false,
  vendorCompleted: false,
  awarded: true,
};
const vendorDone: LifecycleState = { ...working, vendorCompleted: true };
const completed: LifecycleState = { ...vendorDone, status: 'completed' };
const cancelledOpen: LifecycleState = { ...openClosed, status: 'cancelled' };
const cancelledAwarded: LifecycleState = { ...working, status: 'cancelled' };

const states = { open, openClosed, working, vendorDone, completed, cancelledOpen, cancelledAwarded };

/** Every state and the actions that may happen in it (for the role that owns each action). */
const legal: Record<keyof typeof states, LifecycleAction[]> = {
  open: ['award', 'close_bidding', 'open_bidding', 'cancel'],
  openClosed: ['award', 'close_bidding', 'open_bidding', 'cancel'],
  working: ['cancel', 'mark_complete'],
  vendorDone: ['cancel', 'confirm', 'send_back'],
  completed: [],
  cancelledOpen: ['reopen'],
  cancelledAwarded: [],
};

describe('checkTransition', () => {
  for (const [name, state] of Object.entries(states) as Array<[keyof typeof states, LifecycleState]>) {
    for (const action of LIFECYCLE_ACTIONS) {
      const allowed = legal[name].includes(action);
      it(`${allowed ? 'allows' : 'refuses'} ${action} when ${name}`, () => {
        const check = checkTransition(action, state);
        expect(check.ok).toBe(allowed);
        if (!check.ok) expect(check.detail.length).toBeGreaterThan(20);
      });
    }
  }

  it('leads each step to its event and status', () => {
    expect(checkTransition('award', open)).toEqual({ ok: true, event: 'awarded', to: 'in_progress' });
    expect(checkTransition('close_bidding', open)).toEqual({ ok: true, event: null, to: 'open' });
    expect(checkTransition('cancel', working)).toEqual({ ok: true, event: 'cancelled', to: 'cancelled' });
    expect(checkTransition('mark_complete', working)).toEqual({
      ok: true,
      event: 'vendor_completed',
      to: 'in_progress',
    });
    expect(checkTransition('confirm', vendorDone)).toEqual({ ok: true, event: 'confirmed', to: 'completed' });
    expect(checkTransition('send_back', vendorDone)).toEqual({
      ok: true,
      event: 'reopened',
      to: 'in_progress',
    });
    expect(checkTransition('reopen', cancelledOpen)).toEqual({ ok: true, event: 'reopened', to: 'open' });
  });

  it('says why a step is refused', () => {
    expect(checkTransition('award', working)).toEqual({
      ok: false,
      detail: 'A bid can be awarded only while the request is Open; it is In Progress.',
    });
    expect(checkTransition('confirm', working)).toEqual({
      ok: false,
      detail: 'A manager can confirm only after the vendor has marked the job complete.',
    });
    expect(checkTransition('reopen', cancelledAwarded)).toEqual({
      ok: false,
      detail: 'A request that was awarded cannot be reopened after cancelling; create a new request instead.',
    });
    expect(checkTransition('cancel', completed)).toEqual({
      ok: false,
      detail: 'Only an Open or In Progress request can be cancelled; this request is Completed.',
    });
  });
});

describe('roleMayAct', () => {
  it('gives marking complete to the awarded vendor and every other step to the managing side', () => {
    for (const action of LIFECYCLE_ACTIONS) {
      expect(roleMayAct(action, 'manager')).toBe(action !== 'mark_complete');
      expect(roleMayAct(action, 'awarded_vendor')).toBe(action === 'mark_complete');
      expect(roleMayAct(action, 'none')).toBe(false);
    }
  });
});

describe('allowedActions', () => {
  it('offers a manager of an open request award, the bidding switch that changes something, and cancel', () => {
    expect(allowedActions(open, 'manager')).toEqual(['award', 'close_bidding', 'cancel']);
    expect(allowedActions(openClosed, 'manager')).toEqual(['award', 'open_bidding', 'cancel']);
  });

  it('offers the awarded vendor only marking complete, once', () => {
    expect(allowedActions(working, 'awarded_vendor')).toEqual(['mark_complete']);
    expect(allowedActions(vendorDone, 'awarded_vendor')).toEqual([]);
    expect(allowedActions(working, 'manager')).toEqual(['cancel']);
  });

  it('offers the manager confirm or send back after the vendor is done', () => {
    expect(allowedActions(vendorDone, 'manager')).toEqual(['cancel', 'confirm', 'send_back']);
  });

  it('offers nothing on a completed request, nor to anyone outside it', () => {
    expect(allowedActions(completed, 'manager')).toEqual([]);
    for (const state of Object.values(states)) expect(allowedActions(state, 'none')).toEqual([]);
  });

  it('offers reopening only a cancelled request that was never awarded', () => {
    expect(allowedActions(cancelledOpen, 'manager')).toEqual(['reopen']);
    expect(allowedActions(cancelledAwarded, 'manager')).toEqual([]);
  });
});

describe('timelineLabel', () => {
  it('tells a send-back from a reopened request', () => {
    expect(timelineLabel('reopened', 'in_progress', 'in_progress')).toBe('Sent back to the vendor');
    expect(timelineLabel('reopened', 'cancelled', 'open')).toBe('Request reopened');
    expect(timelineLabel('created', null, 'open')).toBe('Request created');
  });
});
