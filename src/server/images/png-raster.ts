import { deflateSync } from 'node:zlib';

/** An RGB colour, 0-255 each. */
export type Rgb = readonly [number, number, number];

/**
 * A minimal raster canvas that encodes to PNG, so the demo seed (layouts, photos) and the /panorama
 * demo's picture are drawn in code, without image files in the repository or an image library.
 * Tests draw their upload images with it too.
 */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  setPixel(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) this.setPixel(px, py, color);
  }

  /** Vertical gradient from `top` to `bottom` over the band [y, y + h). */
  fillGradient(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < h; row++) {
      const t = h <= 1 ? 0 : row / (h - 1);
      this.fillRect(x, y + row, w, 1, mix(top, bottom, t));
    }
  }

  fillCircle(cx: number, cy: number, radius: number, color: Rgb): void {
    for (let py = Math.floor(cy - radius); py <= cy + radius; py++) {
      for (let px = Math.floor(cx - radius); px <= cx + radius; px++) {
        if ((px - cx) ** 2 + (py - cy) ** 2 <= radius * radius) this.setPixel(px, py, color);
      }
    }
  }

  /** A straight line `thickness` pixels wide. */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, color: Rgb): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++) {
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      this.fillRect(x - thickness / 2, y - thickness / 2, thickness, thickness, color);
    }
  }

  strokeRect(x: number, y: number, w: number, h: number, thickness: number, color: Rgb): void {
    this.fillRect(x, y, w, thickness, color);
    this.fillRect(x, y + h - thickness, w, thickness, color);
    this.fillRect(x, y, thickness, h, color);
    this.fillRect(x + w - thickness, y, thickness, h, color);
  }

  /** Digits, '-' and '.' in a 3x5 pixel font, each font pixel `scale` pixels wide. */
  text(x: number, y: number, value: string, scale: number, color: Rgb): void {
    let cursor = x;
    for (const char of value) {
      const glyph = GLYPHS[char];
      if (glyph) {
        glyph.forEach((row, gy) => {
          for (let gx = 0; gx < 3; gx++) {
            if (row[gx] === '#') this.fillRect(cursor + gx * scale, y + gy * scale, scale, scale, color);
          }
        });
      }
      cursor += 4 * scale;
    }
  }

  toPng(): Buffer {
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (stride + 1)] = 0; // filter: none
      raw.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: RGB
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 6 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const GLYPHS: Record<string, readonly string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '-': ['...', '...', '###', '...', '...'],
  '.': ['...', '...', '...', '...', '.#.'],
};
