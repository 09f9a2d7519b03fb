import { formatUsd } from './formatters.ts';

/**
 * A subscription plan's price as every screen writes it, for example `$49 / month` or
 * `$49.99 / month`: whole dollars without cents, cents only when the price has them, and the
 * period as a noun (`month`, `year`) rather than the stored frequency (`monthly`, `yearly`).
 */
export function formatPlanPrice(price: number, frequency: string): string {
  return `${formatPlanAmount(price)} / ${planPeriod(frequency)}`;
}

/** The period a plan's price pays for, as a noun: `year` for yearly plans, `month` otherwise. */
export function planPeriod(frequency: string): string {
  return frequency === 'yearly' ? 'year' : 'month';
}

/** The amount alone, as `formatPlanPrice` writes it (`$49`, `$49.99`). Plan prices are never negative. */
export function formatPlanAmount(price: number): string {
  const cents = Math.round(price * 100);
  const dollars = formatUsd(Math.trunc(cents / 100));
  const rest = cents % 100;
  return rest === 0 ? dollars : `${dollars}.${String(rest).padStart(2, '0')}`;
}
