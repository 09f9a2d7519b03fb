import { builtOnFirstUse } from './built-on-first-use.ts';

/** Keeps the digits of a value, at most `max` of them. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Formats up to 10 digits as (XXX) XXX-XXXX while the user types (public spec, section 5). */
export function formatPhone(value: string): string {
  const digits = digitsOnly(value, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Formats up to 9 digits as XX-XXXXXXX while the user types (public spec, section 5). */
export function formatEin(value: string): string {
  const digits = digitsOnly(value, 9);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** Unread badge text: exact below 10, '9+' from 10 (signed-in spec, section 9). */
export function unreadBadge(count: number): string {
  return count >= 10 ? '9+' : String(count);
}

const usd = builtOnFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);

/** Beyond this, whole numbers print with an exponent: Intl writes those. */
const PLAIN_DIGITS_BELOW = 1e15;

/** A whole, non-negative number's digits in groups of three (`1234567` → `1,234,567`). */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Whole dollars as `Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD',
 * maximumFractionDigits: 0})` writes them (`-$1,235`), by hand for the amounts a page shows: the first
 * Intl object a page builds loads the locale data, which was a 70 ms task at 4x CPU slowdown inside
 * the vendor dashboard's hydration (its earnings card). tests/unit/shared/formatters.test.ts compares
 * the two.
 */
export function formatUsd(amount: number): string {
  const magnitude = Math.abs(amount);
  if (!(magnitude < PLAIN_DIGITS_BELOW)) return usd().format(amount);
  // Intl rounds half away from zero; Math.round of the magnitude does the same.
  const digits = grouped(Math.round(magnitude));
  // Intl signs a negative amount that rounds to zero too ('-$0').
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}$${digits}`;
}

const counts = builtOnFirstUse(() => new Intl.NumberFormat('en-US'));

/**
 * A count as `toLocaleString('en-US')` writes it (`12,345`), by hand for the whole numbers a page
 * shows, for the reason `formatUsd` gives: the manager dashboard's stat cards built the page's first
 * Intl object inside its hydration, a 57–95 ms task at 4x CPU slowdown.
 */
export function formatCount(count: number): string {
  // Intl writes -0 as '-0'.
  if (Number.isInteger(count) && (count > 0 || Object.is(count, 0)) && count < PLAIN_DIGITS_BELOW) {
    return grouped(count);
  }
  return counts().format(count);
}
