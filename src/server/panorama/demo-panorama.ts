import { INK, PAPER, WOOD } from '#server/images/demo-palette.ts';
import { mix, Raster, type Rgb } from '#server/images/png-raster.ts';

/*
 * The /panorama demo's picture, also the in-wall 360 photos of the demo seed: an equirectangular
 * room drawn in code. Deterministic, so every fresh demo database and every server look the same.
 */

export const PANORAMA_WIDTH = 2048;
export const PANORAMA_HEIGHT = 1024;

const PANORAMA_WALLS: readonly Rgb[] = [
  [232, 226, 214],
  [214, 224, 230],
  [228, 220, 232],
];

/**
 * An equirectangular view of a room with its walls open: ceiling, four walls with a window, a
 * door and cabinets, floor. `variant` changes the paint and where things stand.
 */
export function panorama(variant: number): Buffer {
  const wall = PANORAMA_WALLS[variant % PANORAMA_WALLS.length]!;
  const shift = (variant * 512) % PANORAMA_WIDTH;
  const canvas = new Raster(PANORAMA_WIDTH, PANORAMA_HEIGHT, PAPER);
  const ceiling = 330;
  const floor = 690;
  canvas.fillGradient(0, 0, PANORAMA_WIDTH, ceiling, [250, 250, 248], [235, 235, 230]);
  canvas.fillGradient(0, ceiling, PANORAMA_WIDTH, floor - ceiling, wall, mix(wall, INK, 0.08));
  canvas.fillGradient(0, floor, PANORAMA_WIDTH, PANORAMA_HEIGHT - floor, [176, 132, 90], [120, 86, 56]);
  for (let x = 0; x < PANORAMA_WIDTH; x += 64)
    canvas.fillRect(x, floor, 2, PANORAMA_HEIGHT - floor, [110, 80, 52]);
  for (const corner of [256, 768, 1280, 1792])
    canvas.fillRect(corner - 2, ceiling, 4, floor - ceiling, [190, 184, 170]);
  canvas.fillRect(0, floor - 14, PANORAMA_WIDTH, 14, [245, 245, 240]); // baseboard
  const x = (position: number) => (position + shift) % PANORAMA_WIDTH;
  canvas.fillRect(x(420), 400, 220, 180, [170, 210, 240]); // window
  canvas.strokeRect(x(420), 400, 220, 180, 10, [250, 250, 250]);
  canvas.fillRect(x(1470), 420, 120, 270, [140, 100, 64]); // door
  canvas.fillCircle(x(1575), 560, 6, [220, 200, 120]);
  canvas.fillRect(x(900), 560, 280, 130, [236, 236, 230]); // kitchen base cabinets
  canvas.fillRect(x(900), 552, 280, 10, [80, 80, 84]); // counter
  canvas.fillRect(x(930), 400, 220, 90, [236, 236, 230]); // wall cabinets
  // The open wall: studs and a copper supply line where the drywall is not yet hung.
  const open = x(1800);
  canvas.fillRect(open, ceiling + 20, 200, floor - ceiling - 20, [214, 184, 140]);
  for (let stud = 0; stud < 200; stud += 64)
    canvas.fillRect(open + stud, ceiling + 20, 20, floor - ceiling - 20, WOOD);
  canvas.fillRect(open, 520, 200, 10, [184, 115, 51]);
  canvas.fillCircle(1024, 150, 40, [255, 250, 220]); // ceiling light
  return canvas.toPng();
}
