import { describe, expect, it } from 'vitest';
import { arrivalDistanceM } from '#server/visits/arrival-distance.ts';
import { type VisitState, visitActions, visitRefusal } from '#server/visits/visit-rules.ts';

const proposed: VisitState = {
  status: 'proposed',
  proposedBy: 'vendor',
  onMyWayAt: null,
  arrivedAt: null,
  leftAt: null,
};
const confirmed: VisitState = { ...proposed, status: 'confirmed' };
const AT = new Date('2027-01-15T16:00:00Z');

describe('the steps open on a visit', () => {
  it('lets only the side that did not propose accept', () => {
    expect(visitActions(proposed, 'vendor', 'in_progress')).toEqual(['propose', 'cancel']);
    expect(visitActions(proposed, 'manager', 'in_progress')).toEqual(['accept', 'propose', 'cancel']);
  });

  it('runs On my way, Arrived and Left in order, for the vendor alone', () => {
    expect(visitActions(confirmed, 'manager', 'in_progress')).toEqual(['propose', 'cancel']);
    expect(visitActions(confirmed, 'vendor', 'in_progress')).toEqual([
      'propose',
      'cancel',
      'on_my_way',
      'arrived',
    ]);
    expect(visitActions({ ...confirmed, onMyWayAt: AT }, 'vendor', 'in_progress')).toEqual(['arrived']);
    expect(visitActions({ ...confirmed, arrivedAt: AT }, 'vendor', 'in_progress')).toEqual(['left']);
    expect(visitRefusal('left', confirmed, 'vendor', 'in_progress')).toBe('Check in with Arrived first.');
  });

  it('opens nothing on a visit done or cancelled, or once the job is closed', () => {
    expect(visitActions({ ...confirmed, status: 'done' }, 'vendor', 'in_progress')).toEqual([]);
    expect(visitActions({ ...proposed, status: 'cancelled' }, 'manager', 'in_progress')).toEqual([]);
    expect(visitActions(proposed, 'manager', 'completed')).toEqual([]);
  });
});

describe('the arrival distance', () => {
  it('is the distance along the Earth, rounded to 100 m', () => {
    const property = { latitude: 39.7392, longitude: -104.9903 };
    expect(arrivalDistanceM(property, property)).toBe(0);
    expect(arrivalDistanceM({ latitude: 39.7492, longitude: -104.9903 }, property)).toBe(1100);
    expect(arrivalDistanceM({ latitude: 39.7396, longitude: -104.9903 }, property)).toBe(0);
  });
});
