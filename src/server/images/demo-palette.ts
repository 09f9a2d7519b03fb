import type { Rgb } from './png-raster.ts';

/** The colours the pictures drawn in code share (the demo seed's and the /panorama demo's). */
export const INK: Rgb = [33, 37, 41];
export const PAPER: Rgb = [248, 249, 250];
export const GRID: Rgb = [228, 232, 237];
export const WOOD: Rgb = [196, 160, 112];
export const WOOD_EDGE: Rgb = [160, 124, 80];
