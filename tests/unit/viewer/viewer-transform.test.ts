import { describe, expect, it } from 'vitest';
import { fitTransform, panBy, toImagePoint, toStagePoint, zoomAt } from '#viewer/viewer-transform.ts';

const stage = { width: 800, height: 600 };
const image = { width: 1200, height: 600 };

describe('floor plan view transform', () => {
  it('fits the plan whole and centred', () => {
    expect(fitTransform(stage, image)).toEqual({ scale: 800 / 1200, x: 0, y: 100 });
    expect(fitTransform({ width: 0, height: 0 }, image)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('keeps the point under the cursor in place when zooming', () => {
    const fit = fitTransform(stage, image);
    const anchor = { x: 300, y: 250 };
    const before = toImagePoint(fit, anchor, image)!;
    const zoomed = zoomAt(fit, 2, anchor, stage, image);
    expect(zoomed.scale).toBeCloseTo(fit.scale * 2);
    const after = toStagePoint(zoomed, before);
    expect(after.x).toBeCloseTo(anchor.x, 0);
    expect(after.y).toBeCloseTo(anchor.y, 0);
  });

  it('bounds the zoom between half of fit and twelve times fit', () => {
    const fit = fitTransform(stage, image);
    const centre = { x: 400, y: 300 };
    expect(zoomAt(fit, 0.01, centre, stage, image).scale).toBeCloseTo(fit.scale / 2);
    expect(zoomAt(fit, 1000, centre, stage, image).scale).toBeCloseTo(fit.scale * 12);
  });

  it('does not let the plan be dragged out of sight', () => {
    const fit = fitTransform(stage, image);
    const flung = panBy(fit, 10_000, 10_000, stage, image);
    expect(flung.x).toBeLessThan(stage.width);
    expect(flung.y).toBeLessThan(stage.height);
    const back = panBy(fit, -10_000, -10_000, stage, image);
    expect(back.x + image.width * back.scale).toBeGreaterThan(0);
  });

  it('maps stage points to image pixels and refuses points off the plan', () => {
    const fit = fitTransform(stage, image);
    expect(toImagePoint(fit, { x: 400, y: 300 }, image)).toEqual({ x: 600, y: 300 });
    expect(toImagePoint(fit, { x: 400, y: 50 }, image)).toBeNull();
  });
});
