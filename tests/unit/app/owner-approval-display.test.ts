import { describe, expect, it } from 'vitest';
import { ApiError } from '#app/lib/api-error.ts';
import {
  aboveLimitSentence,
  amountAgainstLimit,
  isAboveLimit,
  ownerLinkProblem,
  spotPosition,
} from '#app/public/owner-approval-display.ts';

describe('owner approval display', () => {
  it('waits only above a known limit', () => {
    expect(isAboveLimit(1200, 1000)).toBe(true);
    expect(isAboveLimit(1000, 1000)).toBe(false);
    expect(isAboveLimit(50_000, null)).toBe(false);
    expect(isAboveLimit(50_000, undefined)).toBe(false);
    expect(isAboveLimit(1, 0)).toBe(true);
  });

  it('words the limit', () => {
    expect(aboveLimitSentence(1500)).toBe(
      'This is above the limit of $1,500: the owner will be asked to approve it.',
    );
    expect(amountAgainstLimit(2400, 1500)).toBe('$2,400 (limit $1,500)');
    expect(amountAgainstLimit(2400, null)).toBe('$2,400');
  });

  it('shows the server’s sentence for a link that is not valid or no longer open', () => {
    expect(ownerLinkProblem(new ApiError({ status: 404, serverMessage: 'This link is not valid.' }))).toEqual(
      {
        sentence: 'This link is not valid.',
        final: true,
      },
    );
    expect(
      ownerLinkProblem(new ApiError({ status: 410, serverMessage: 'This request was already answered.' })),
    ).toEqual({ sentence: 'This request was already answered.', final: true });
    expect(ownerLinkProblem(new ApiError({ status: 404 })).sentence).toBe('This link is not valid.');
    expect(ownerLinkProblem(new ApiError({ status: 0 })).final).toBe(false);
  });

  it('places the spot on the plan in percent, from pixels or fractions', () => {
    expect(spotPosition({ x: 200, y: 50 }, { width: 400, height: 200 })).toEqual({ left: '50%', top: '25%' });
    expect(spotPosition({ x: 0.5, y: 0.25 }, { width: 400, height: 200 })).toEqual({
      left: '50%',
      top: '25%',
    });
    expect(spotPosition({ x: 900, y: 50 }, { width: 400, height: 200 })?.left).toBe('100%');
    expect(spotPosition({ x: 1, y: 1 }, { width: 0, height: 0 })).toBeNull();
  });
});
