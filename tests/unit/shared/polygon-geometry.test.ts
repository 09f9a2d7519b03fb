import { describe, expect, it } from 'vitest';
import {
  coordinatesCsv,
  formatArea,
  formatLength,
  measurePolygon,
  polygonAreaPx,
  polygonPerimeterPx,
} from '#shared/polygon-geometry.ts';

const square = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 100, y: 100 },
  { x: 0, y: 100 },
];

describe('polygon geometry', () => {
  it('computes the area whichever way the points turn', () => {
    expect(polygonAreaPx(square)).toBe(10_000);
    expect(polygonAreaPx([...square].reverse())).toBe(10_000);
    expect(polygonAreaPx(square.slice(0, 2))).toBe(0);
  });

  it('measures an L-shaped room', () => {
    const room = [
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 100 },
      { x: 100, y: 100 },
      { x: 100, y: 200 },
      { x: 0, y: 200 },
    ];
    expect(polygonAreaPx(room)).toBe(30_000);
    expect(polygonPerimeterPx(room, true)).toBe(800);
  });

  it('counts the closing edge only for a closed outline', () => {
    expect(polygonPerimeterPx(square, false)).toBe(300);
    expect(polygonPerimeterPx(square, true)).toBe(400);
  });

  it('converts to feet on a calibrated layout and formats both units', () => {
    const feet = measurePolygon(square, 0.1, true);
    expect(feet).toEqual({ unit: 'ft', area: expect.closeTo(100, 6), perimeter: expect.closeTo(40, 6) });
    expect(formatArea(feet)).toBe('100 sq ft');
    expect(formatLength(feet)).toBe('40 ft');
    const pixels = measurePolygon(square, null, true);
    expect(formatArea(pixels)).toBe('10,000 px²');
    expect(formatLength(pixels)).toBe('400 px');
  });

  it('gives no area to an open outline', () => {
    expect(measurePolygon(square, 0.1, false).area).toBe(0);
  });

  it('writes coordinates as CSV, with feet when calibrated', () => {
    expect(coordinatesCsv([{ x: 10.26, y: 20 }], null)).toBe('x_px,y_px\n10.3,20');
    expect(coordinatesCsv([{ x: 10, y: 25 }], 0.1)).toBe('x_px,y_px,x_ft,y_ft\n10,25,1,2.5');
  });
});
