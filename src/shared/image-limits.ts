/*
 * Pixel limits of uploaded images (Uploads). The server reads an image's size from its
 * header and never decodes it, so a small file claiming a huge picture (a decompression bomb) is
 * refused before any browser or later tool tries to draw it. The byte limits stay beside each
 * upload's own schema; these are shared so the browser can name them too.
 */

import { formatCount } from './formatters.ts';

export interface PixelLimit {
  /** Width times height. */
  maxPixels: number;
  /** The longest side, in pixels. */
  maxSide: number;
}

/** Request and completion photos, close-ups, flat documentation photos, thumbnails, certificates. */
export const PHOTO_PIXEL_LIMIT: PixelLimit = { maxPixels: 40_000_000, maxSide: 12_000 };

/** 360-degree photos: the 2:1 images of current 72-megapixel cameras (11,904 x 5,952) fit. */
export const PANORAMA_PIXEL_LIMIT: PixelLimit = { maxPixels: 72_000_000, maxSide: 12_000 };

/** The field message of an image over `limit`, naming it. */
export function pixelLimitMessage(limit: PixelLimit): string {
  return `The image must be at most ${formatCount(limit.maxPixels / 1_000_000)} megapixels and ${formatCount(limit.maxSide)} pixels on its longest side.`;
}

/** An image whose type was recognised but whose size cannot be read from its header. */
export const UNREADABLE_IMAGE_MESSAGE =
  'The image could not be read. Save it again as a PNG, JPEG, GIF or WebP image.';
