import { MAX_LINE_QUANTITY } from '#shared/bid-line-items.ts';
import type { PointView } from '#shared/documentation.ts';
import { measurePolygon } from '#shared/polygon-geometry.ts';

/** What a measurement on the plan prices: an area in square feet, or a length in feet. */
export type MeasureKind = 'area' | 'length';

export interface MeasuredQuantity {
  quantity: number;
  unit: 'sq_ft' | 'ft';
}

export const MEASURED_DESCRIPTION: Record<MeasureKind, string> = {
  area: 'Measured area',
  length: 'Measured length',
};

export const isCalibrated = (feetPerPixel: number | null): feetPerPixel is number =>
  feetPerPixel !== null && feetPerPixel > 0;

/**
 * A line item's quantity from points drawn on a calibrated plan (the as-builds geometry): a closed
 * outline's area in sq ft, or an open line's length in ft, rounded to 2 decimals as a line item
 * takes it. Null while there is nothing to price: no scale, an open area, one point, or under 0.01.
 */
export function measuredQuantity(
  kind: MeasureKind,
  drawing: { points: readonly PointView[]; closed: boolean },
  feetPerPixel: number | null,
): MeasuredQuantity | null {
  if (!isCalibrated(feetPerPixel)) return null;
  const area = kind === 'area';
  if (area ? !drawing.closed : drawing.points.length < 2) return null;
  const measures = measurePolygon(drawing.points, feetPerPixel, area);
  const quantity = Math.round((area ? measures.area : measures.perimeter) * 100) / 100;
  if (!(quantity >= 0.01)) return null;
  return { quantity: Math.min(quantity, MAX_LINE_QUANTITY), unit: area ? 'sq_ft' : 'ft' };
}
