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

interface WallClock {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

function wallClock(at: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    minutes: parts.hour! * 60 + parts.minute!,
  };
}

/** How far the zone's clock is ahead of UTC at `at`, in milliseconds (whole minutes). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const clock = wallClock(at, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, 0, clock.minutes);
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The instant the zone's clocks show `minutes` past midnight on the given local day. */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  // Once more with the offset at the answer itself, in case a DST change lies between.
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

/** Whether `at` falls inside the window, in the window's own zone. */
export function isQuietAt(window: QuietWindow, at: Date): boolean {
  const now = wallClock(at, window.timeZone).minutes;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When the window that `at` is inside ends; `at` itself when it is outside the window. */
export function quietUntil(window: QuietWindow, at: Date): Date {
  if (!isQuietAt(window, at)) return at;
  const clock = wallClock(at, window.timeZone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  // Past midnight already (or a window within one day): it ends today; before midnight: tomorrow.
  const endsTomorrow = start > end && clock.minutes >= start;
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + (endsTomorrow ? 1 : 0)));
  const until = instantOf(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    end,
    window.timeZone,
  );
  return until.getTime() > at.getTime() ? until : new Date(at.getTime() + 60_000);
}
