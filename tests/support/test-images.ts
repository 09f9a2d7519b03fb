import { crc32, deflateSync } from 'node:zlib';
import { Raster } from '#server/images/png-raster.ts';

/*
 * Image bytes for upload tests, generated here (no image files in the repository). The server reads
 * an image's size from its header and never decodes it, so a header that claims a huge picture is
 * all a decompression bomb needs to be.
 */

/** A real PNG, drawn pixel by pixel: keep it small. */
export const png = (width = 4, height = 3) => new Raster(width, height, [90, 120, 150]).toPng();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of a few hundred bytes whose header claims `width` x `height` (1-bit grey): a valid
 * signature, IHDR with its CRC, the deflated first rows and IEND. Decoding it would need
 * width x height pixels of memory.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grey
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * Math.min(height, 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** An EXIF APP1 segment holding only the orientation tag (big-endian TIFF). */
function exifOrientation(orientation: number): Buffer {
  const body = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  body.write('Exif\0\0', 0, 'latin1');
  body.write('MM', 6, 'latin1');
  body.writeUInt16BE(42, 8);
  body.writeUInt32BE(8, 10); // first IFD right after the TIFF header
  body.writeUInt16BE(1, 14); // one entry
  body.writeUInt16BE(0x0112, 16); // Orientation
  body.writeUInt16BE(3, 18); // SHORT
  body.writeUInt32BE(1, 20); // one value
  body.writeUInt16BE(orientation, 24);
  return segment(0xe1, body);
}

/**
 * A real grey baseline JPEG of `width` x `height`, every 8x8 block flat: one quantisation table and
 * two one-code Huffman tables, so each block is two bits of scan data (a 50-megapixel one is about
 * 200 KB). `frame` sets the start-of-frame marker (0xc0 baseline; 0xc3 lossless browsers do not draw).
 */
export function jpeg(width = 16, height = 8, options: { orientation?: number; frame?: number } = {}): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  const oneCodeTable = (tableClass: number) =>
    segment(0xc4, Buffer.from([tableClass << 4, 1, ...new Array<number>(15).fill(0), 0]));
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // Each block: DC difference 0 and end-of-block, both the one-bit code 0; the last byte padded with 1s.
  const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8));
  const usedBits = (blocks * 2) % 8;
  if (usedBits > 0) scan[scan.length - 1] = 0xff >> usedBits;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...(options.orientation ? [exifOrientation(options.orientation)] : []),
    segment(0xdb, Buffer.from([0, ...new Array<number>(64).fill(1)])),
    segment(options.frame ?? 0xc0, frame),
    oneCodeTable(0),
    oneCodeTable(1),
    segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A GIF with a `width` x `height` logical screen and one frame (`frame`, the screen by default)
 * whose data draws its first pixel only: enough for anything that reads the blocks.
 */
export function gif(width: number, height: number, frame = { width, height }): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(frame.width, 5);
  descriptor.writeUInt16LE(frame.height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]), // graphic control extension
    descriptor,
    // LZW code size 2; codes clear (4), 0, end (5) in 3 bits each; then the block terminator.
    Buffer.from([2, 2, 0x44, 0x01, 0]),
    Buffer.from([0x3b]),
  ]);
}

/** The start of an extended WebP (RIFF, VP8X) whose canvas is `width` x `height`. */
export function webp(width: number, height: number): Buffer {
  const body = Buffer.alloc(30);
  body.write('RIFF', 0, 'latin1');
  body.writeUInt32LE(22, 4);
  body.write('WEBPVP8X', 8, 'latin1');
  body.writeUInt32LE(10, 16);
  body.writeUIntLE(width - 1, 24, 3);
  body.writeUIntLE(height - 1, 27, 3);
  return body;
}
