import { describe, expect, it } from 'vitest';
import { isWithinPixelLimit, readImageSize } from '#server/storage/image-size.ts';
import { PANORAMA_PIXEL_LIMIT, PHOTO_PIXEL_LIMIT, pixelLimitMessage } from '#shared/image-limits.ts';
import { gif, jpeg, png, pngClaiming, webp } from '../../support/test-images.ts';

describe('readImageSize', () => {
  it('reads PNG, JPEG, GIF and WebP sizes from their headers', () => {
    expect(readImageSize(png(40, 20), 'image/png')).toEqual({ width: 40, height: 20 });
    expect(readImageSize(jpeg(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(readImageSize(gif(30, 10), 'image/gif')).toEqual({ width: 30, height: 10 });
    expect(readImageSize(webp(4000, 3000), 'image/webp')).toEqual({ width: 4000, height: 3000 });
  });

  it('reads the size a small PNG claims without decoding it', () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    const started = performance.now();
    expect(readImageSize(bomb, 'image/png')).toEqual({ width: 50_000, height: 50_000 });
    // Decoding 2.5 gigapixels would take minutes and gigabytes; the header takes microseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('swaps the sides of a JPEG turned by its EXIF orientation', () => {
    expect(readImageSize(jpeg(640, 480, { orientation: 6 }), 'image/jpeg')).toEqual({
      width: 480,
      height: 640,
    });
    expect(readImageSize(jpeg(640, 480, { orientation: 3 }), 'image/jpeg')).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('takes a JPEG size from its first frame header, and refuses frames browsers do not draw', () => {
    const small = jpeg(100, 100);
    // A second, huge frame header after the first one is not what a decoder uses.
    const doubled = Buffer.concat([small.subarray(0, -2), jpeg(60_000, 60_000).subarray(2)]);
    expect(readImageSize(doubled, 'image/jpeg')).toEqual({ width: 100, height: 100 });
    expect(readImageSize(jpeg(100, 100, { frame: 0xc3 }), 'image/jpeg')).toBeNull();
    // Height 0 means "given later" (DNL): the header does not say how big it is.
    expect(readImageSize(jpeg(100, 0), 'image/jpeg')).toBeNull();
  });

  it('grows a GIF to its largest frame: a 1x1 screen cannot hide a huge frame', () => {
    expect(readImageSize(gif(1, 1, { width: 20_000, height: 20_000 }), 'image/gif')).toEqual({
      width: 20_000,
      height: 20_000,
    });
  });

  it('answers null for cut-off headers and for bytes another format claims', () => {
    expect(readImageSize(png().subarray(0, 12), 'image/png')).toBeNull();
    expect(readImageSize(jpeg().subarray(0, 30), 'image/jpeg')).toBeNull();
    expect(readImageSize(png(), 'image/webp')).toBeNull();
    expect(readImageSize(Buffer.from('GIF89a'), 'image/gif')).toBeNull();
    expect(
      readImageSize(Buffer.concat([gif(2, 2).subarray(0, -1), Buffer.from([0x99])]), 'image/gif'),
    ).toBeNull();
  });
});

describe('isWithinPixelLimit', () => {
  it('allows exactly the limit and refuses one pixel more, or a side over it', () => {
    expect(isWithinPixelLimit({ width: 8000, height: 5000 }, PHOTO_PIXEL_LIMIT)).toBe(true);
    expect(isWithinPixelLimit({ width: 8000, height: 5001 }, PHOTO_PIXEL_LIMIT)).toBe(false);
    expect(isWithinPixelLimit({ width: 12_001, height: 10 }, PHOTO_PIXEL_LIMIT)).toBe(false);
    expect(isWithinPixelLimit({ width: 11_904, height: 5_952 }, PANORAMA_PIXEL_LIMIT)).toBe(true);
  });

  it('names the limit in its message', () => {
    expect(pixelLimitMessage(PHOTO_PIXEL_LIMIT)).toBe(
      'The image must be at most 40 megapixels and 12,000 pixels on its longest side.',
    );
  });
});
