import { wallClock, zonedInstant } from '#shared/zoned-clock.ts';

/**
 * Quiet hours: texts and push notifications due inside a user's nightly window are held
 * until it ends, never dropped. Times are wall-clock HH:MM in the user's own IANA time zone, so the
 * window follows daylight saving; a window may pass midnight (22:00 to 07:00).
 */
export interface QuietWindow {
  start: string;
  end: string;
  timeZone: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes past midnight on the zone's clocks at `at`, with the local day. */
function localMinutes(at: Date, timeZone: string) {
  const clock = wallClock(at, timeZone);
  return { ...clock, minutes: clock.hour * 60 + clock.minute };
}

/** Whether `at` falls inside the window, in the window's own zone. */
export function isQuietAt(window: QuietWindow, at: Date): boolean {
  const now = localMinutes(at, window.timeZone).minutes;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When the window that `at` is inside ends; `at` itself when it is outside the window. */
export function quietUntil(window: QuietWindow, at: Date): Date {
  if (!isQuietAt(window, at)) return at;
  const clock = localMinutes(at, window.timeZone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  // Past midnight already (or a window within one day): it ends today; before midnight: tomorrow.
  const endsTomorrow = start > end && clock.minutes >= start;
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + (endsTomorrow ? 1 : 0)));
  const until = zonedInstant(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    end,
    window.timeZone,
  );
  return until.getTime() > at.getTime() ? until : new Date(at.getTime() + 60_000);
}
