import { imageSize } from 'image-size';
import type { PixelLimit } from '#shared/image-limits.ts';
import type { DetectedContentType } from './content-type.ts';

export type ImageContentType = Exclude<DetectedContentType, 'application/pdf'>;

export interface ImageSize {
  width: number;
  height: number;
}

/** image-size's name for the types it reads for us: its parse must agree with our magic bytes. */
const IMAGE_SIZE_TYPE = { 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The index after a run of GIF data sub-blocks (each a length byte and that many bytes, 0 ends). */
function skipSubBlocks(body: Buffer, start: number): number {
  let offset = start;
  while (offset < body.length) {
    const size = body[offset]!;
    offset += 1 + size;
    if (size === 0) break;
  }
  return offset;
}

const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * A GIF's extent: its logical screen grown to cover every frame. The screen alone is not enough,
 * as browsers enlarge it to a first frame that is bigger (a 1x1 screen can carry a huge frame).
 * Walks the blocks without decompressing anything; an unknown block makes the file unreadable.
 */
function gifSize(body: Buffer): ImageSize | null {
  if (body.length < 13) return null;
  let width = body.readUInt16LE(6);
  let height = body.readUInt16LE(8);
  let offset = 13 + colourTableBytes(body[10]!);
  while (offset < body.length) {
    const block = body[offset];
    if (block === 0x3b) break;
    if (block === 0x21) {
      offset = skipSubBlocks(body, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > body.length) return null;
      width = Math.max(width, body.readUInt16LE(offset + 1) + body.readUInt16LE(offset + 5));
      height = Math.max(height, body.readUInt16LE(offset + 3) + body.readUInt16LE(offset + 7));
      // Descriptor (10 bytes), local colour table, LZW code size byte, then the image data.
      offset = skipSubBlocks(body, offset + 10 + colourTableBytes(body[offset + 9]!) + 1);
    } else {
      return null;
    }
  }
  return { width, height };
}

/** Start-of-frame markers a browser decodes: baseline, extended and progressive. */
const DECODABLE_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * A JPEG's size from its first start-of-frame segment, walking the segments by their lengths (a
 * decoder uses the first frame header, so a later one cannot stand in for it). Any other kind of
 * frame, or a scan before the frame header, makes the file unreadable.
 */
function jpegSize(body: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 4 <= body.length) {
    if (body[offset] !== 0xff) return null;
    const marker = body[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if (isFrameMarker(marker)) {
      if (!DECODABLE_FRAMES.has(marker) || offset + 9 > body.length) return null;
      return { height: body.readUInt16BE(offset + 5), width: body.readUInt16BE(offset + 7) };
    }
    offset += 2 + body.readUInt16BE(offset + 2);
  }
  return null;
}

/** The EXIF orientation of a JPEG (1 when absent or unreadable): it never changes the pixel count. */
function jpegOrientation(body: Buffer): number {
  try {
    return imageSize(body).orientation ?? 1;
  } catch {
    return 1;
  }
}

/**
 * The size an image is shown at, read from its header only (never decoded), or null when the header
 * cannot be read or disagrees with the type its magic bytes gave. JPEGs turned by their EXIF
 * orientation (5 to 8) have their sides swapped, as browsers draw them.
 */
export function readImageSize(body: Buffer, contentType: ImageContentType): ImageSize | null {
  if (contentType === 'image/gif') {
    const size = gifSize(body);
    return size && size.width > 0 && size.height > 0 ? size : null;
  }
  if (contentType === 'image/jpeg') {
    const size = jpegSize(body);
    if (!size || size.width === 0 || size.height === 0) return null;
    return jpegOrientation(body) >= 5 ? { width: size.height, height: size.width } : size;
  }
  try {
    const size = imageSize(body);
    if (size.type !== IMAGE_SIZE_TYPE[contentType] || !size.width || !size.height) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

export function isWithinPixelLimit(size: ImageSize, limit: PixelLimit): boolean {
  return (
    size.width <= limit.maxSide && size.height <= limit.maxSide && size.width * size.height <= limit.maxPixels
  );
}
