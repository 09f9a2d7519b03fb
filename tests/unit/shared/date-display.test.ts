import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  englishRelative,
  formatDate,
  formatDateTime,
  pinDateDisplay,
  pinnedNow,
  relativeTime,
} from '#shared/date-display.ts';

const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => relativeTime(iso, now);

describe('relativeTime', () => {
  it('says just now within a minute either way', () => {
    expect(at('2026-03-10T11:59:30Z')).toBe('just now');
    expect(at('2026-03-10T12:00:40Z')).toBe('just now');
  });

  it('speaks of the past', () => {
    expect(at('2026-03-10T11:55:00Z')).toBe('5 minutes ago');
    expect(at('2026-03-10T09:00:00Z')).toBe('3 hours ago');
    expect(at('2026-03-09T11:00:00Z')).toBe('yesterday');
    expect(at('2026-03-01T12:00:00Z')).toBe('last week');
    expect(at('2025-03-01T12:00:00Z')).toBe('last year');
  });

  it('speaks of the future (deadlines)', () => {
    expect(at('2026-03-10T14:30:00Z')).toBe('in 2 hours');
    expect(at('2026-03-13T12:00:00Z')).toBe('in 3 days');
    expect(at('2026-03-11T13:00:00Z')).toBe('tomorrow');
  });

  it('gives nothing for an unreadable date', () => {
    expect(at('not a date')).toBe('');
  });
});

describe('calendar dates', () => {
  it('formats a date and a date with time', () => {
    expect(formatDate('2026-03-04T09:05:00Z', 'UTC')).toBe('Mar 4, 2026');
    expect(formatDateTime('2026-03-04T09:05:00Z', 'UTC')).toBe('Mar 4, 2026, 9:05 AM');
  });
});

describe('englishRelative', () => {
  const units = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;
  const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

  it('says what Intl.RelativeTimeFormat says for every unit and whole amount but 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.integer({ min: -2_000_000, max: 2_000_000 }).filter((amount) => amount !== 0),
        (unit, amount) => {
          expect(englishRelative(amount, unit)).toBe(intl.format(amount, unit));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('uses the words for one either way and numbers otherwise', () => {
    for (const unit of units)
      for (const amount of [-1001, -2, -1, 1, 2, 1000]) {
        expect(englishRelative(amount, unit)).toBe(intl.format(amount, unit));
      }
  });

  it('formats a time zone given after another without mixing them up', () => {
    expect(formatDateTime('2026-03-04T09:05:00Z', 'UTC')).toBe('Mar 4, 2026, 9:05 AM');
    expect(formatDateTime('2026-03-04T09:05:00Z', 'America/Denver')).toBe('Mar 4, 2026, 2:05 AM');
    expect(formatDate('2026-03-04T03:05:00Z', 'America/Denver')).toBe('Mar 3, 2026');
    expect(formatDate('2026-03-04T03:05:00Z', 'UTC')).toBe('Mar 4, 2026');
  });
});

describe('a pinned zone and moment (a server render of a signed-in screen and its hydration)', () => {
  afterEach(() => pinDateDisplay({}));

  it('writes calendar dates in the pinned zone unless the caller names one', () => {
    pinDateDisplay({ timeZone: 'Pacific/Chatham' });
    // 23:30 UTC is 13:15 the next day in Chatham (UTC+13:45 in its summer).
    expect(formatDateTime('2026-03-09T23:30:00Z')).toBe('Mar 10, 2026, 1:15 PM');
    expect(formatDate('2026-03-09T23:30:00Z', 'UTC')).toBe('Mar 9, 2026');
  });

  it('counts relative times from now unless given a moment; a pinned moment is only read back', () => {
    pinDateDisplay({ now: Date.parse('2026-03-10T12:00:00Z') });
    expect(pinnedNow()).toBe(Date.parse('2026-03-10T12:00:00Z'));
    expect(relativeTime(new Date(Date.now() - 5 * 60_000))).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T09:00:00Z', Date.parse('2026-03-10T12:00:00Z'))).toBe('3 hours ago');
    pinDateDisplay({});
    expect(pinnedNow()).toBeUndefined();
  });
});
