import { describe, expect, it } from 'vitest';
import { digitsOnly, formatEin, formatPhone, formatUsd, unreadBadge } from '#shared/formatters.ts';

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
});
