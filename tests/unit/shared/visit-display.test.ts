import { describe, expect, it } from 'vitest';
import {
  arrivalDistanceText,
  calendarDayText,
  clockText,
  minutesAfter,
  minutesBetween,
  minutesOnSiteText,
  momentText,
  timeRangeText,
  timeZoneName,
  visitTitle,
  windowWithZoneText,
} from '#shared/visit-display.ts';

describe('visit windows in the property’s time zone', () => {
  it('writes a window as its wall-clock hours with the zone named', () => {
    expect(windowWithZoneText({ date: '2026-12-08', start: '09:00', end: '11:00' }, 'America/Denver')).toBe(
      'Tue, Dec 8 · 9:00–11:00 AM (Mountain Time)',
    );
  });

  it('names the meridiem of each end when the window crosses noon', () => {
    expect(timeRangeText('11:30', '13:00')).toBe('11:30 AM–1:00 PM');
    expect(timeRangeText('00:15', '00:45')).toBe('12:15–12:45 AM');
    expect(timeRangeText('12:00', '17:30')).toBe('12:00–5:30 PM');
  });

  it('reads the date as a calendar date, whatever the reader’s zone', () => {
    // Late on the 8th in New York is already the 9th in UTC: the window's own date is kept.
    expect(calendarDayText('2026-12-08')).toBe('Tue, Dec 8');
    expect(calendarDayText('not-a-date')).toBe('not-a-date');
  });

  it('names zones as people say them, and falls back to the IANA name', () => {
    expect(timeZoneName('America/New_York')).toBe('Eastern Time');
    expect(timeZoneName('UTC')).toBe('UTC');
    expect(timeZoneName('Not/A_Zone')).toBe('Not/A_Zone');
  });
});

describe('the steps of the day', () => {
  it('shows a moment as a clock time in the property’s zone, not the reader’s', () => {
    expect(clockText('2026-12-08T17:05:00Z', 'America/Denver')).toBe('10:05 AM');
    expect(clockText('2026-12-08T17:05:00Z', 'America/New_York')).toBe('12:05 PM');
    expect(momentText('2026-12-08T22:04:00Z', 'America/Denver')).toBe('Dec 8, 3:04 PM');
    expect(clockText('garbage', 'America/Denver')).toBe('');
  });

  it('counts whole minutes on site, never negative', () => {
    expect(minutesBetween('2026-12-08T17:02:00Z', '2026-12-08T18:40:59Z')).toBe(98);
    expect(minutesBetween('2026-12-08T17:02:00Z', '2026-12-08T17:00:00Z')).toBe(0);
    expect(minutesBetween(null, '2026-12-08T17:00:00Z')).toBeNull();
    expect(minutesOnSiteText(98)).toBe('98 min on site');
  });

  it('works out the expected arrival of a step still waiting on the phone', () => {
    expect(minutesAfter('2026-12-08T16:45:00.000Z', 20)).toBe('2026-12-08T17:05:00.000Z');
  });

  it('says the distance at check-in in metres, then kilometres', () => {
    expect(arrivalDistanceText(200)).toBe('about 200 m from the property');
    expect(arrivalDistanceText(1400)).toBe('about 1.4 km from the property');
  });

  it('titles a visit by its number and purpose', () => {
    expect(visitTitle({ number: 1, purpose: 'diagnose' })).toBe('Visit 1 · Diagnosis');
    expect(visitTitle({ number: 3, purpose: 'follow_up' })).toBe('Visit 3 · Follow-up');
  });
});
