import { builtOnFirstUse } from './built-on-first-use.ts';
import type { PointView } from './documentation.ts';

/** Area of a simple polygon in square pixels (shoelace formula); 0 below three points. */
export function polygonAreaPx(points: readonly PointView[]): number {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let index = 0; index < points.length; index += 1) {
    const a = points[index]!;
    const b = points[(index + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** Length of the outline in pixels; `closed` adds the edge from the last point back to the first. */
export function polygonPerimeterPx(points: readonly PointView[], closed: boolean): number {
  let length = 0;
  for (let index = 1; index < points.length; index += 1) {
    length += Math.hypot(points[index]!.x - points[index - 1]!.x, points[index]!.y - points[index - 1]!.y);
  }
  if (closed && points.length > 2) {
    const first = points[0]!;
    const last = points[points.length - 1]!;
    length += Math.hypot(first.x - last.x, first.y - last.y);
  }
  return length;
}

export interface PolygonMeasures {
  /** 'ft' once the layout is calibrated (feet_per_pixel), otherwise 'px'. */
  unit: 'ft' | 'px';
  area: number;
  perimeter: number;
}

export function measurePolygon(
  points: readonly PointView[],
  feetPerPixel: number | null,
  closed: boolean,
): PolygonMeasures {
  const areaPx = closed ? polygonAreaPx(points) : 0;
  const perimeterPx = polygonPerimeterPx(points, closed);
  if (feetPerPixel === null || !(feetPerPixel > 0))
    return { unit: 'px', area: areaPx, perimeter: perimeterPx };
  return { unit: 'ft', area: areaPx * feetPerPixel ** 2, perimeter: perimeterPx * feetPerPixel };
}

const oneDecimal = builtOnFirstUse(
  () => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 }),
);

/** "1,234.5 sq ft" or "812 px²". */
export function formatArea(measures: PolygonMeasures): string {
  return measures.unit === 'ft'
    ? `${oneDecimal().format(measures.area)} sq ft`
    : `${oneDecimal().format(measures.area)} px²`;
}

/** "140.2 ft" or "96 px". */
export function formatLength(measures: PolygonMeasures): string {
  return `${oneDecimal().format(measures.perimeter)} ${measures.unit}`;
}

/**
 * The Polygon Coordinates panel's copy: CSV with a header, one point per line, pixels and, on a
 * calibrated layout, feet from the plan's top-left corner; pastes straight into a spreadsheet.
 */
export function coordinatesCsv(points: readonly PointView[], feetPerPixel: number | null): string {
  const calibrated = feetPerPixel !== null && feetPerPixel > 0;
  const round = (value: number) => String(Math.round(value * 10) / 10);
  const header = calibrated ? 'x_px,y_px,x_ft,y_ft' : 'x_px,y_px';
  const rows = points.map((point) =>
    calibrated
      ? [point.x, point.y, point.x * feetPerPixel, point.y * feetPerPixel].map(round).join(',')
      : [point.x, point.y].map(round).join(','),
  );
  return [header, ...rows].join('\n');
}
