import { describe, expect, it } from 'vitest';
import { formatInZone, windowHasPassed, windowMoments, zonedMoment } from '#shared/visit-times.ts';

describe('a visit window at the property', () => {
  it('reads wall-clock times in the property’s zone, daylight saving included', () => {
    expect(zonedMoment('2027-01-15', '09:00', 'America/Denver').toISOString()).toBe(
      '2027-01-15T16:00:00.000Z',
    );
    expect(zonedMoment('2027-07-15', '09:00', 'America/Denver').toISOString()).toBe(
      '2027-07-15T15:00:00.000Z',
    );
    expect(zonedMoment('2027-07-15', '09:00', 'America/Phoenix').toISOString()).toBe(
      '2027-07-15T16:00:00.000Z',
    );
    // The morning daylight saving starts (02:00 → 03:00 on 14 March 2027).
    expect(zonedMoment('2027-03-14', '08:00', 'America/Denver').toISOString()).toBe(
      '2027-03-14T14:00:00.000Z',
    );
  });

  it('gives the window’s start and end as moments', () => {
    const window = { date: '2027-01-15', start: '09:00', end: '11:30' };
    expect(windowMoments(window, 'America/New_York')).toEqual({
      startsAt: new Date('2027-01-15T14:00:00.000Z'),
      endsAt: new Date('2027-01-15T16:30:00.000Z'),
    });
  });

  it('has passed once its start has, at the property', () => {
    const window = { date: '2027-01-15', start: '09:00', end: '11:00' };
    expect(windowHasPassed(window, 'America/Denver', new Date('2027-01-15T15:59:00.000Z'))).toBe(false);
    expect(windowHasPassed(window, 'America/Denver', new Date('2027-01-15T16:00:00.000Z'))).toBe(true);
  });

  it('writes a moment as the property’s clocks show it', () => {
    expect(formatInZone(new Date('2027-01-15T16:00:00.000Z'), 'America/Denver')).toBe(
      'Fri, Jan 15, 9:00 AM MST',
    );
  });
});
