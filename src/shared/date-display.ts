/**
 * Dates as the screens show them: relative ('3 hours ago', 'in 2 days') for the lists' created,
 * deadline and submitted columns (signed-in spec, section 2), and calendar dates for the detail.
 * Times are shown in the reader's own time zone unless one is given (tests pin UTC).
 */
const UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
] as const satisfies ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]>;

type RelativeUnit = (typeof UNITS)[number][0];

/** What `Intl.RelativeTimeFormat('en', {numeric: 'auto'})` says for one unit either way. */
const ONE: Record<RelativeUnit, { past: string; future: string }> = {
  year: { past: 'last year', future: 'next year' },
  month: { past: 'last month', future: 'next month' },
  week: { past: 'last week', future: 'next week' },
  day: { past: 'yesterday', future: 'tomorrow' },
  hour: { past: '1 hour ago', future: 'in 1 hour' },
  minute: { past: '1 minute ago', future: 'in 1 minute' },
};

/**
 * `Intl.RelativeTimeFormat('en', {numeric: 'auto'}).format(amount, unit)` for a whole amount other
 * than 0, written out: constructing that formatter loads its locale data, 40-70 ms on the main thread
 * of a desktop Chromium (about four times that on a phone), before the first list could render
 *. The screens speak English only; tests/unit/shared/date-display.test.ts compares every
 * unit and amount with Intl.
 */
export function englishRelative(amount: number, unit: RelativeUnit): string {
  if (Math.abs(amount) === 1) return amount < 0 ? ONE[unit].past : ONE[unit].future;
  const count = `${Math.abs(amount)}`.replace(/\B(?=(\d{3})+$)/g, ',');
  const phrase = `${count} ${unit}s`;
  return amount < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/**
 * The zone and the moment a server render of a signed-in screen writes its dates for (the reader's
 * zone, from their cookie, and the render's time), and the browser's hydration of it reads them back
 * with, so both write the same text (src/app/prerender/render-signed-in.tsx, src/app/start-app.tsx).
 * Calendar dates use the zone (the reader's own zone when unpinned); the moment is only the server
 * snapshot of src/app/ui/use-now.ts, which React reads while it renders on the server or hydrates.
 */
let pinned: { timeZone?: string; now?: number } = {};

export function pinDateDisplay(pin: { timeZone?: string; now?: number }): void {
  pinned = pin;
}

/** The render time pinned for a server render and its hydration, if any. */
export function pinnedNow(): number | undefined {
  return pinned.now;
}

/** '5 minutes ago', 'yesterday', 'in 3 days', 'just now' (under a minute either way). */
export function relativeTime(value: string | Date, now: Date | number = Date.now()): string {
  const seconds = (new Date(value).getTime() - new Date(now).getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return englishRelative(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

// A formatter costs about a millisecond to construct and a list formats a date a row: one per zone.
const calendarFormats = new Map<string, Intl.DateTimeFormat>();
function calendarFormat(withTime: boolean, given: string | undefined): Intl.DateTimeFormat {
  const timeZone = given ?? pinned.timeZone;
  const key = `${withTime}|${timeZone ?? ''}`;
  let format = calendarFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: withTime ? 'short' : undefined,
      timeZone,
    });
    calendarFormats.set(key, format);
  }
  return format;
}

/** 'Mar 4, 2026'. */
export function formatDate(value: string | Date, timeZone?: string): string {
  return calendarFormat(false, timeZone).format(new Date(value));
}

/** 'Mar 4, 2026, 9:05 AM'. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return calendarFormat(true, timeZone).format(new Date(value));
}
