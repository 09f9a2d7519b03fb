import { GRID, INK, PAPER, WOOD, WOOD_EDGE } from '#server/images/demo-palette.ts';
import { mix, Raster, type Rgb } from '#server/images/png-raster.ts';

/*
 * Pictures for the demo data, drawn in code: floor plans, in-wall photos, request photos,
 * building thumbnails, aerial and thermal shots (the 360 panorama is the runtime's own:
 * src/server/panorama/demo-panorama.ts). Deterministic, so every fresh demo database looks the same.
 */

/** Seeded pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function speckle(canvas: Raster, seed: number, amount: number, color: Rgb): void {
  const next = random(seed);
  for (let i = 0; i < amount; i++) canvas.setPixel(next() * canvas.width, next() * canvas.height, color);
}

// ---------------------------------------------------------------- floor plans

export const PLAN_WIDTH = 1200;
export const PLAN_HEIGHT = 800;
const PLAN_MARGIN = 60;
const CORRIDOR_TOP = 370;
const CORRIDOR_BOTTOM = 430;
export const UNITS_PER_ROW = 5;

/**
 * Where unit `index` (0-based, 0..9: the top row left to right, then the bottom row) sits on a
 * floor plan, as fractions of the image. Used to place layout pins inside the right room.
 */
export function planUnitCenter(index: number): { x: number; y: number } {
  const roomWidth = (PLAN_WIDTH - 2 * PLAN_MARGIN) / UNITS_PER_ROW;
  const column = index % UNITS_PER_ROW;
  const top = index < UNITS_PER_ROW;
  const x = PLAN_MARGIN + roomWidth * (column + 0.5);
  const y = top ? (PLAN_MARGIN + CORRIDOR_TOP) / 2 : (CORRIDOR_BOTTOM + PLAN_HEIGHT - PLAN_MARGIN) / 2;
  return { x: x / PLAN_WIDTH, y: y / PLAN_HEIGHT };
}

/** One floor: ten units around a corridor, each with a bathroom, a door and its number. */
export function floorPlan(unitNumbers: readonly string[]): Buffer {
  const canvas = new Raster(PLAN_WIDTH, PLAN_HEIGHT, PAPER);
  for (let x = 0; x < PLAN_WIDTH; x += 40) canvas.fillRect(x, 0, 1, PLAN_HEIGHT, GRID);
  for (let y = 0; y < PLAN_HEIGHT; y += 40) canvas.fillRect(0, y, PLAN_WIDTH, 1, GRID);

  const inner = PLAN_WIDTH - 2 * PLAN_MARGIN;
  const roomWidth = inner / UNITS_PER_ROW;
  canvas.fillRect(PLAN_MARGIN, CORRIDOR_TOP, inner, CORRIDOR_BOTTOM - CORRIDOR_TOP, [236, 240, 244]);
  canvas.strokeRect(PLAN_MARGIN, PLAN_MARGIN, inner, PLAN_HEIGHT - 2 * PLAN_MARGIN, 10, INK);

  for (let column = 0; column < UNITS_PER_ROW; column++) {
    const left = PLAN_MARGIN + column * roomWidth;
    for (const top of [true, false]) {
      const y0 = top ? PLAN_MARGIN : CORRIDOR_BOTTOM;
      const y1 = top ? CORRIDOR_TOP : PLAN_HEIGHT - PLAN_MARGIN;
      if (column > 0) canvas.fillRect(left - 3, y0, 6, y1 - y0, INK);
      // Bathroom in the corner away from the corridor.
      const bathY = top ? y0 : y1 - 110;
      canvas.strokeRect(left + roomWidth - 100, bathY, 100, 110, 4, INK);
      canvas.fillCircle(left + roomWidth - 50, top ? bathY + 70 : bathY + 40, 12, [173, 181, 189]);
      // Kitchen counter along the party wall.
      canvas.fillRect(left + 8, top ? y0 + 8 : y1 - 128, 26, 120, [206, 212, 218]);
    }
    // Corridor walls with a door gap for each unit.
    for (const wallY of [CORRIDOR_TOP, CORRIDOR_BOTTOM]) {
      canvas.fillRect(left, wallY - 3, roomWidth, 6, INK);
      canvas.fillRect(left + roomWidth / 2 - 20, wallY - 3, 40, 6, PAPER);
    }
  }
  unitNumbers.slice(0, 2 * UNITS_PER_ROW).forEach((number, index) => {
    const center = planUnitCenter(index);
    const scale = 6;
    const width = number.length * 4 * scale - scale;
    canvas.text(
      center.x * PLAN_WIDTH - width / 2 - 40,
      center.y * PLAN_HEIGHT - 15,
      number,
      scale,
      [73, 80, 87],
    );
  });
  // Stairs at both ends of the corridor.
  for (const x of [PLAN_MARGIN + 10, PLAN_WIDTH - PLAN_MARGIN - 70]) {
    for (let step = 0; step < 6; step++) canvas.fillRect(x + step * 10, CORRIDOR_TOP + 8, 3, 44, INK);
  }
  return canvas.toPng();
}

// ---------------------------------------------------------------- photos

export const PHOTO_WIDTH = 800;
export const PHOTO_HEIGHT = 450;

/** An open wall before drywall: studs, and the services that run through it. */
export function inWallPhoto(variant: number): Buffer {
  const canvas = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT, [214, 184, 140]);
  speckle(canvas, 100 + variant, 9_000, [190, 156, 110]);
  speckle(canvas, 200 + variant, 6_000, [230, 204, 164]);
  const offset = (variant * 37) % 120;
  for (let x = offset - 40; x < PHOTO_WIDTH; x += 160) {
    canvas.fillRect(x, 0, 38, PHOTO_HEIGHT, WOOD);
    canvas.fillRect(x, 0, 4, PHOTO_HEIGHT, WOOD_EDGE);
    canvas.fillRect(x + 34, 0, 4, PHOTO_HEIGHT, WOOD_EDGE);
  }
  canvas.fillRect(0, 200 + ((variant * 19) % 60), PHOTO_WIDTH, 34, WOOD); // fire block
  const features = variant % 4;
  if (features === 0 || features === 3) {
    const y = 120 + ((variant * 23) % 80);
    canvas.line(0, y, PHOTO_WIDTH, y, 16, [184, 115, 51]); // copper supply
    canvas.line(0, y + 40, PHOTO_WIDTH, y + 40, 16, [200, 130, 64]);
  }
  if (features === 1 || features === 3) {
    canvas.line(90, 0, 520, PHOTO_HEIGHT, 12, [214, 48, 49]); // PEX hot
    canvas.line(130, 0, 560, PHOTO_HEIGHT, 12, [52, 120, 214]); // PEX cold
  }
  if (features === 2 || features === 1) {
    const boxX = 300 + ((variant * 53) % 200);
    canvas.line(0, 330, boxX, 330, 9, [250, 210, 60]); // cable
    canvas.line(boxX + 30, 0, boxX + 30, 300, 9, [245, 245, 245]);
    canvas.fillRect(boxX, 300, 60, 90, [40, 110, 200]); // junction box
    canvas.strokeRect(boxX, 300, 60, 90, 4, [20, 70, 140]);
  }
  if (features === 2) canvas.fillRect(520, 40, 180, 120, [150, 156, 164]); // duct
  return canvas.toPng();
}

/** A room corner with the trouble a request describes: a stain, a leak, a worn patch. */
export function requestPhoto(variant: number, wall: Rgb): Buffer {
  const canvas = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT, wall);
  canvas.fillGradient(0, 0, PHOTO_WIDTH, 300, mix(wall, [255, 255, 255], 0.2), wall);
  canvas.fillGradient(0, 300, PHOTO_WIDTH, 150, [150, 112, 76], [110, 80, 52]);
  canvas.fillRect(0, 292, PHOTO_WIDTH, 12, [245, 245, 240]); // baseboard
  const next = random(300 + variant);
  const cx = 250 + next() * 300;
  const cy = 120 + next() * 120;
  for (let ring = 0; ring < 6; ring++) {
    canvas.fillCircle(
      cx + next() * 40,
      cy + next() * 30,
      70 - ring * 10,
      mix(wall, [120, 96, 60], 0.25 + ring * 0.1),
    );
  }
  if (variant % 2 === 0) canvas.fillRect(80, 150, 220, 142, [236, 236, 230]); // cabinet
  if (variant % 3 === 1) canvas.line(cx, cy, cx + 10, 300, 6, [90, 120, 160]); // drip
  return canvas.toPng();
}

export const THUMBNAIL_WIDTH = 640;
export const THUMBNAIL_HEIGHT = 400;

/** A building facade under the sky. */
export function buildingThumbnail(variant: number, facade: Rgb, floors: number): Buffer {
  const canvas = new Raster(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, [135, 190, 235]);
  canvas.fillGradient(0, 0, THUMBNAIL_WIDTH, 320, [110, 170, 225], [200, 225, 245]);
  canvas.fillRect(0, 320, THUMBNAIL_WIDTH, 80, [110, 150, 90]);
  const height = Math.min(280, 40 + floors * 22);
  const left = 120 + (variant % 3) * 20;
  const width = 400;
  const top = 320 - height;
  canvas.fillRect(left, top, width, height, facade);
  canvas.fillRect(left - 10, top - 10, width + 20, 12, mix(facade, INK, 0.4));
  const rows = Math.floor((height - 30) / 22);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < 10; column++) {
      canvas.fillRect(left + 16 + column * 38, top + 14 + row * 22, 22, 12, [60, 90, 120]);
    }
  }
  canvas.fillRect(left + width / 2 - 20, 280, 40, 40, [80, 60, 40]); // entrance
  for (const x of [60, 580]) canvas.fillCircle(x, 300, 34, [60, 120, 60]);
  return canvas.toPng();
}

/** Seen from a drone: roof, parking and trees. */
export function aerialPhoto(): Buffer {
  const canvas = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT, [96, 140, 80]);
  speckle(canvas, 400, 20_000, [80, 124, 66]);
  canvas.fillRect(180, 90, 440, 200, [120, 124, 130]);
  canvas.strokeRect(180, 90, 440, 200, 6, [90, 94, 100]);
  for (const x of [260, 400, 540]) canvas.fillRect(x, 150, 40, 40, [150, 154, 160]); // roof units
  canvas.fillRect(0, 330, PHOTO_WIDTH, 100, [70, 72, 78]);
  for (let x = 20; x < PHOTO_WIDTH; x += 60) canvas.fillRect(x, 335, 4, 40, [235, 235, 235]);
  for (const [x, y] of [
    [80, 80],
    [700, 120],
    [90, 260],
    [710, 260],
  ] as const) {
    canvas.fillCircle(x, y, 36, [50, 100, 50]);
  }
  return canvas.toPng();
}

/** A thermal image of a wall: cold blue with a warm patch where heat escapes. */
export function thermalPhoto(): Buffer {
  const canvas = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT, [20, 30, 120]);
  const palette: Rgb[] = [
    [20, 30, 120],
    [90, 40, 160],
    [200, 60, 120],
    [250, 150, 40],
    [255, 240, 120],
  ];
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const d = Math.hypot((x - 520) / 260, (y - 160) / 180);
      const heat = Math.max(0, 1 - d) * 0.9 + (y / PHOTO_HEIGHT) * 0.15;
      const scaled = Math.min(0.999, heat) * (palette.length - 1);
      const i = Math.floor(scaled);
      canvas.setPixel(x, y, mix(palette[i]!, palette[i + 1]!, scaled - i));
    }
  }
  return canvas.toPng();
}
