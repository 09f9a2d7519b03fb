import { describe, expect, it } from 'vitest';
import { bidLabel, bidNumber, requestLabel, requestNumber } from '#shared/display-names.ts';

describe('display names', () => {
  it('names a request by its id after #, unpadded', () => {
    expect(requestNumber(43)).toBe('#43');
    expect(requestLabel(43)).toBe('Request #43');
    expect(requestLabel(1)).toBe('Request #1');
    expect(requestLabel(123456)).toBe('Request #123456');
  });

  it('names a bid the same way', () => {
    expect(bidNumber(25)).toBe('#25');
    expect(bidLabel(25)).toBe('Bid #25');
    expect(bidLabel(1234567)).toBe('Bid #1234567');
  });
});
