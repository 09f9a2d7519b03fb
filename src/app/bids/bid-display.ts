import type { TimeUnit } from '#shared/statuses.ts';

/** '4 hours', '1 day', '1.5 days' (the timeline column and the bids lists). */
export function timeWithUnit(time: number | string, unit: TimeUnit): string {
  const value = Number(time);
  const singular = unit.slice(0, -1);
  return `${value} ${value === 1 ? singular : unit}`;
}
