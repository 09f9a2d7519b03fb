import { describe, expect, it } from 'vitest';
import { formatPlanPrice } from '#shared/plan-price.ts';

describe('formatPlanPrice', () => {
  it.each([
    [49, 'monthly', '$49 / month'],
    [490, 'yearly', '$490 / year'],
    [1200, 'yearly', '$1,200 / year'],
    [49.99, 'monthly', '$49.99 / month'],
    [49.5, 'monthly', '$49.50 / month'],
    [0, 'monthly', '$0 / month'],
  ])('writes %j %s as %j', (price, frequency, expected) => {
    expect(formatPlanPrice(price, frequency)).toBe(expected);
  });
});
