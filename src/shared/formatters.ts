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

export function formatUsd(amount: number): string {
  return usd().format(amount);
}
