import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatCount,
  formatEin,
  formatPhone,
  formatUsd,
  unreadBadge,
} from '#shared/formatters.ts';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['3', '(3'],
    ['303', '(303'],
    ['3035', '(303) 5'],
    ['303555', '(303) 555'],
    ['3035551', '(303) 555-1'],
    ['3035551234', '(303) 555-1234'],
    ['(303) 555-1234 ext 9', '(303) 555-1234'],
    ['abc303def5551234', '(303) 555-1234'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('formatEin', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12-3'],
    ['123456789', '12-3456789'],
    ['12-34567890', '12-3456789'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatEin(input)).toBe(expected);
  });
});

describe('digitsOnly', () => {
  it('keeps at most the given number of digits', () => {
    expect(digitsOnly('a1b2c3d4', 3)).toBe('123');
  });
});

describe('unreadBadge', () => {
  it('is exact below 10 and 9+ from 10', () => {
    expect(unreadBadge(0)).toBe('0');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});

describe('formatUsd', () => {
  it('formats whole dollars with separators', () => {
    expect(formatUsd(15234)).toBe('$15,234');
  });

  it('writes what Intl writes, without building an Intl object for the amounts a page shows', () => {
    const intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const amounts = [
      0,
      -0,
      0.4,
      0.5,
      0.49999999999999994,
      1.5,
      2.5,
      -0.4,
      -0.5,
      -2.5,
      999,
      999.5,
      1000,
      12_345.67,
      -98_765.5,
      1_000_000,
      123_456_789.5,
      999_999_999_999_999,
      1e15,
      1e21,
      -1e22,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    // And amounts of every size with cents, as bids and earnings have them.
    for (let scale = 1; scale < 1e13; scale *= 7.3) amounts.push(scale + 0.5, -scale - 0.25, scale * 1.07);
    for (const amount of amounts) expect([amount, formatUsd(amount)]).toEqual([amount, intl.format(amount)]);
  });
});

describe('formatCount', () => {
  it('groups whole numbers by thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100_000)).toBe('100,000');
  });

  it('writes what toLocaleString("en-US") writes', () => {
    const counts = [
      0,
      -0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      54_321,
      999_999,
      1e6,
      1e15 - 1,
      1e15,
      1e21,
      -3,
      -12_345,
      2.5,
      72.25,
      0.1234,
      Number.NaN,
    ];
    for (let count = 1; count < 1e16; count = count * 10 + 3) counts.push(count);
    for (const count of counts)
      expect([count, formatCount(count)]).toEqual([count, count.toLocaleString('en-US')]);
  });
});
