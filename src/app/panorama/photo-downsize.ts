/**
 * A hotspot photo from the device, made small enough for local storage (a few MB in all): decoded
 * by the browser, drawn onto a canvas no longer than MAX_PHOTO_SIDE on either side, re-encoded as
 * JPEG. Decoding is also the check that the file is a picture at all.
 */
export const MAX_PHOTO_SIDE = 1024;
const JPEG_QUALITY = 0.82;

export class NotAnImageError extends Error {
  constructor() {
    super('The file is not a picture this browser can open.');
    this.name = 'NotAnImageError';
  }
}

/** The size that fits within `max` on its longest side, keeping the proportions; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (image.naturalWidth === 0 || image.naturalHeight === 0) throw new NotAnImageError();
    return image;
  } catch {
    throw new NotAnImageError();
  } finally {
    // The decoded pixels stay with the element; the blob URL is no longer needed.
    URL.revokeObjectURL(url);
  }
}

/** The photo as a JPEG data URL at most MAX_PHOTO_SIDE pixels on its longest side. */
export async function downsizePhoto(file: Blob): Promise<string> {
  const image = await decode(file);
  const size = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize pictures.');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}
