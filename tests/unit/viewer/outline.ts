import type { PointView } from '#shared/documentation.ts';

/** A polygon's points from [x, y] pairs, in image pixels. */
export const outline = (...corners: Array<[number, number]>): PointView[] =>
  corners.map(([x, y]) => ({ x, y }));
