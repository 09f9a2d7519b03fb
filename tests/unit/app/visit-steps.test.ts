import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { offeredSteps, pendingStepsOf } from '#app/requests/visit-pending-steps.ts';
import type { Visit, VisitAction } from '#shared/visit-schemas.ts';

function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    id: 7,
    request_id: 35,
    number: 1,
    purpose: 'diagnose',
    status: 'confirmed',
    proposed_by: 'vendor',
    windows: [{ date: '2026-12-08', start: '09:00', end: '11:00' }],
    starts_at: '2026-12-08T16:00:00Z',
    ends_at: '2026-12-08T18:00:00Z',
    time_zone: 'America/Denver',
    on_my_way_at: null,
    expected_arrival_at: null,
    arrived_at: null,
    arrival_distance_m: null,
    left_at: null,
    left_note: '',
    another_visit_needed: null,
    left_photos: [],
    minutes_on_site: null,
    allowed_actions: ['propose', 'cancel', 'on_my_way', 'arrived'],
    calendar_url: '/api/visits/7/calendar.ics',
    history: [],
    ...overrides,
  };
}

function waiting(kind: OutboxItem['kind'], path: string): OutboxItem {
  return {
    seq: 1,
    key: `key-${kind}`,
    kind,
    method: 'POST',
    path,
    body: { at: '2026-12-08T15:40:00.000Z' },
    photos: [],
    requestId: 35,
    label: '',
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    lastFailure: null,
    refusal: null,
  };
}

const allowing = (...actions: VisitAction[]) => visit({ allowed_actions: actions });

describe('the steps of the day the vendor is offered', () => {
  it('offers On my way and Arrived on a confirmed visit, in that order, as the server allows', () => {
    expect(offeredSteps(visit(), {})).toEqual(['on_my_way', 'arrived']);
  });

  it('offers nothing the server does not allow (the manager, a proposed or a finished visit)', () => {
    expect(offeredSteps(allowing('accept', 'propose', 'cancel'), {})).toEqual([]);
    expect(offeredSteps(visit({ status: 'proposed', allowed_actions: ['propose'] }), {})).toEqual([]);
    expect(offeredSteps(visit({ status: 'done', allowed_actions: [] }), {})).toEqual([]);
  });

  it('offline, a step waiting on the phone is not offered again and the next one is', () => {
    const onMyWay = waiting('visit.on_my_way', '/api/visits/7/on-my-way/');
    expect(offeredSteps(visit(), { on_my_way: onMyWay })).toEqual(['arrived']);
    const arrived = waiting('visit.arrived', '/api/visits/7/arrived/');
    // The answer from before the steps does not allow Left yet; the waiting arrival does.
    expect(offeredSteps(visit(), { on_my_way: onMyWay, arrived })).toEqual(['left']);
    const left = waiting('visit.left', '/api/visits/7/left/');
    expect(offeredSteps(visit(), { on_my_way: onMyWay, arrived, left })).toEqual([]);
  });

  it('after a check-in the server recorded, only Left', () => {
    const checkedIn = visit({ arrived_at: '2026-12-08T16:02:00Z', allowed_actions: ['left'] });
    expect(offeredSteps(checkedIn, {})).toEqual(['left']);
  });

  it('matches waiting steps to their visit by path', () => {
    const items = [
      waiting('visit.on_my_way', '/api/visits/8/on-my-way/'),
      waiting('visit.arrived', '/api/visits/7/arrived/'),
      waiting('request.complete', '/api/requests/35/complete/'),
    ];
    const pending = pendingStepsOf(items, 7);
    expect(Object.keys(pending)).toEqual(['arrived']);
  });
});
