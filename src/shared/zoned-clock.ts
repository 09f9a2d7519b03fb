/*
 * Wall-clock times in an IANA time zone and the moments they name, with the zone's rules (daylight
 * saving included) from Intl: quiet hours in a user's zone, visit windows in a property's.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** What the zone's clocks show at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock {
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
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** How far the zone's clocks are ahead of UTC at `at`, in milliseconds (whole minutes). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const clock = wallClock(at, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The moment the zone's clocks show `minutes` past midnight on the local day year-month-day. */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  minutes: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  // Once more with the offset at the answer itself, in case a daylight-saving change lies between.
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}
