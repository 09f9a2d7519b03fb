import type { TimeUnit } from '#shared/statuses.ts';

/** The confirmation number shown after a bid is saved: the bid's id, zero-padded, e.g. BID-000042. */
export function bidConfirmationNumber(bidId: number): string {
  return `BID-${String(bidId).padStart(6, '0')}`;
}

/** '4 hours', '1 day', '1.5 days' (the timeline column and the bids lists). */
export function timeWithUnit(time: number | string, unit: TimeUnit): string {
  const value = Number(time);
  const singular = unit.slice(0, -1);
  return `${value} ${value === 1 ? singular : unit}`;
}
