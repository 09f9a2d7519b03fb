import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, relativeTime } from '#shared/date-display.ts';

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
