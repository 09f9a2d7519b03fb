export const MAX_PHOTO_EDGE = 2048;
const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/** The size a photo is stored at: its longer edge at most `max` px, proportions kept, never enlarged. */
export function fitWithin(size: Size, max = MAX_PHOTO_EDGE): Size {
  const { width, height } = size;
  if (width <= 0 || height <= 0) throw new Error('A photo needs a width and a height.');
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export interface ResizedPhoto extends Size {
  blob: Blob;
}

async function encode(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot resize photos.');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize photos.');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot resize photos.'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * Prepares a photo taken on the phone for the outbox: decoded upright (EXIF orientation applied),
 * scaled to at most 2048 px and re-encoded as JPEG from the pixels alone, so none of the original's
 * metadata (EXIF GPS location, camera serial) survives. Always re-encodes, even small photos.
 */
export async function resizePhoto(file: Blob, max = MAX_PHOTO_EDGE): Promise<ResizedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin({ width: bitmap.width, height: bitmap.height }, max);
    return { ...size, blob: await encode(bitmap, size) };
  } finally {
    bitmap.close();
  }
}
