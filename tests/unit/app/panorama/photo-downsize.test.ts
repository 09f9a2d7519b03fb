import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_PHOTO_SIDE } from '#app/panorama/photo-downsize.ts';

describe('fitWithin', () => {
  it('shrinks the longest side to the limit and keeps the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_PHOTO_SIDE, height: 768 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: MAX_PHOTO_SIDE });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least one pixel on a very thin picture', () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: MAX_PHOTO_SIDE, height: 1 });
  });
});
