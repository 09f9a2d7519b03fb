/*
 * How a job visit reads on the screens (docs/decisions/job-visits.md): its windows are wall-clock
 * times in the property's time zone and are shown as written there, with the zone named, so a
 * manager at a desk elsewhere and the vendor on site read the same hours.
 */
import { VISIT_PURPOSE_LABELS, type VisitPurpose } from './visit-schemas.ts';

// A formatter costs about a millisecond to construct: one per zone and kind.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', options);
    } catch {
      // An unknown zone (an older browser's time zone data): the caller falls back.
      return null;
    }
    formats.set(key, format);
  }
  return format;
}

/** 'Visit 1 · Diagnosis' */
export function visitTitle(visit: { number: number; purpose: VisitPurpose }): string {
  return `Visit ${visit.number} · ${VISIT_PURPOSE_LABELS[visit.purpose]}`;
}

/** The zone as people say it ('Mountain Time'), or its IANA name when the browser cannot name it. */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const format = formatFor(`zone|${timeZone}`, { timeZone, timeZoneName: 'longGeneric' });
  const name = format?.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

/** '09:00' → { hour: 9, minute: '00', meridiem: 'AM' } */
function clockParts(time: string): { hour: number; minute: string; meridiem: 'AM' | 'PM' } {
  const [hours = '0', minute = '00'] = time.split(':');
  const hour24 = Number(hours);
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute, meridiem: hour24 < 12 ? 'AM' : 'PM' };
}

/** '9:00–11:00 AM', '11:30 AM–1:00 PM' (the meridiem once when both ends share it). */
export function timeRangeText(start: string, end: string): string {
  const from = clockParts(start);
  const to = clockParts(end);
  const first = `${from.hour}:${from.minute}`;
  const last = `${to.hour}:${to.minute} ${to.meridiem}`;
  return from.meridiem === to.meridiem ? `${first}–${last}` : `${first} ${from.meridiem}–${last}`;
}

/** 'Tue, Dec 8' for a calendar date written '2026-12-08' (the date itself, in no zone). */
export function calendarDayText(date: string): string {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(noonUtc.getTime())) return date;
  const format = formatFor('day', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
  return format ? format.format(noonUtc) : date;
}

/** 'Tue, Dec 8 · 9:00–11:00 AM' */
export function windowText(window: { date: string; start: string; end: string }): string {
  return `${calendarDayText(window.date)} · ${timeRangeText(window.start, window.end)}`;
}

/** 'Tue, Dec 8 · 9:00–11:00 AM (Mountain Time)' */
export function windowWithZoneText(
  window: { date: string; start: string; end: string },
  timeZone: string,
): string {
  return `${windowText(window)} (${timeZoneName(timeZone, new Date(`${window.date}T12:00:00Z`))})`;
}

/** A moment as a clock time in the property's zone: '10:05 AM'. */
export function clockText(moment: string, timeZone: string): string {
  const at = new Date(moment);
  if (Number.isNaN(at.getTime())) return '';
  const format =
    formatFor(`clock|${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit' }) ??
    formatFor('clock|', { hour: 'numeric', minute: '2-digit' });
  return format ? format.format(at) : '';
}

/** A moment as a date and time in the property's zone: 'Dec 7, 3:04 PM'. */
export function momentText(moment: string, timeZone: string): string {
  const at = new Date(moment);
  if (Number.isNaN(at.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  };
  const format = formatFor(`moment|${timeZone}`, { ...options, timeZone }) ?? formatFor('moment|', options);
  return format ? format.format(at) : '';
}

/** '98 min on site'; '1 min on site'. */
export function minutesOnSiteText(minutes: number): string {
  return `${Math.max(0, Math.round(minutes))} min on site`;
}

/** Whole minutes between two moments (arrival and departure); null when either is missing. */
export function minutesBetween(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const span = new Date(to).getTime() - new Date(from).getTime();
  return Number.isNaN(span) ? null : Math.max(0, Math.floor(span / 60_000));
}

/** The moment `minutes` after `moment`, as an ISO string (the expected arrival of a queued "On my way"). */
export function minutesAfter(moment: string, minutes: number): string {
  return new Date(new Date(moment).getTime() + minutes * 60_000).toISOString();
}

/** 'about 200 m from the property', 'about 1.4 km from the property'. */
export function arrivalDistanceText(metres: number): string {
  if (metres < 1000) return `about ${Math.round(metres)} m from the property`;
  return `about ${(metres / 1000).toFixed(1)} km from the property`;
}
