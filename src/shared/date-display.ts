/**
 * Dates as the screens show them: relative ('3 hours ago', 'in 2 days') for the lists' created,
 * deadline and submitted columns (signed-in spec, section 2), and calendar dates for the detail.
 * Times are shown in the reader's own time zone unless one is given (tests pin UTC).
 */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '5 minutes ago', 'yesterday', 'in 3 days', 'just now' (under a minute either way). */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const seconds = (new Date(value).getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** 'Mar 4, 2026'. */
export function formatDate(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(value));
}

/** 'Mar 4, 2026, 9:05 AM'. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}
