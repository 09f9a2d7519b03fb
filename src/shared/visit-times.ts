import type { VisitWindow } from './visit-schemas.ts';
import { zonedInstant } from './zoned-clock.ts';

/*
 * A visit's windows are wall-clock times in the property's time zone (src/shared/property-time-zone.ts):
 * "9:00 on 4 January" means 9:00 at the property, wherever the reader is. These turn them into
 * moments and back, with the zone's rules (daylight saving included) from Intl.
 */

/** The moment the zone's clocks show `time` (HH:MM) on `date` (YYYY-MM-DD). */
export function zonedMoment(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedInstant(year, month, day, hour * 60 + minute, timeZone);
}

/** A window as the moments it starts and ends. */
export function windowMoments(window: VisitWindow, timeZone: string): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: zonedMoment(window.date, window.start, timeZone),
    endsAt: zonedMoment(window.date, window.end, timeZone),
  };
}

/** A window whose start is not after `now`: too late to offer or to accept. */
export function windowHasPassed(window: VisitWindow, timeZone: string, now: Date): boolean {
  return zonedMoment(window.date, window.start, timeZone).getTime() <= now.getTime();
}

/** "Mon, Jan 4, 9:00 AM MST": a moment as the property's clocks show it, for notices and mails. */
export function formatInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** "9:40 AM MST": the time of day at the property. */
export function clockTimeInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
