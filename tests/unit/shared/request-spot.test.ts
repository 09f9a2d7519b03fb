import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEHIND_WALL_COUNT,
  nearestPhotos,
  SPOT_MESSAGES,
  spotBoundsError,
  spotInputSchema,
} from '#shared/request-spot.ts';

const layoutArb = fc.record({
  width_px: fc.integer({ min: 1, max: 12_000 }),
  height_px: fc.integer({ min: 1, max: 12_000 }),
  feet_per_pixel: fc.option(fc.double({ min: 0.001, max: 1, noNaN: true }), { nil: null }),
});
const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const photosArb = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 10_000 }), x: fraction, y: fraction }),
  {
    selector: (photo) => photo.id,
    maxLength: 30,
  },
);
const spotOn = (layout: { width_px: number; height_px: number }) =>
  fc.record({
    x: fc.double({ min: 0, max: layout.width_px, noNaN: true }),
    y: fc.double({ min: 0, max: layout.height_px, noNaN: true }),
  });

const world = layoutArb.chain((layout) =>
  fc.record({ layout: fc.constant(layout), spot: spotOn(layout), photos: photosArb }),
);

describe('nearestPhotos (What is behind this wall)', () => {
  it('lists the three nearest at most, nearest first, ties by the older photo', () => {
    fc.assert(
      fc.property(world, ({ layout, spot, photos }) => {
        const ranked = nearestPhotos(spot, layout, photos);
        expect(ranked).toHaveLength(Math.min(BEHIND_WALL_COUNT, photos.length));
        for (let i = 1; i < ranked.length; i += 1) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(
            a.distancePx < b.distancePx || (a.distancePx === b.distancePx && a.photo.id < b.photo.id),
          ).toBe(true);
        }
      }),
    );
  });

  it('leaves out no photo nearer than one it lists', () => {
    fc.assert(
      fc.property(world, ({ layout, spot, photos }) => {
        const ranked = nearestPhotos(spot, layout, photos);
        const listed = new Set(ranked.map(({ photo }) => photo.id));
        const furthest = ranked.at(-1)?.distancePx ?? Number.POSITIVE_INFINITY;
        for (const photo of photos) {
          if (listed.has(photo.id)) continue;
          const distance = Math.hypot(
            photo.x * layout.width_px - spot.x,
            photo.y * layout.height_px - spot.y,
          );
          expect(distance).toBeGreaterThanOrEqual(furthest);
        }
      }),
    );
  });

  it('measures in image pixels and gives feet (0.1 ft) only on a calibrated layout', () => {
    fc.assert(
      fc.property(world, ({ layout, spot, photos }) => {
        for (const { photo, distancePx, distanceFt } of nearestPhotos(spot, layout, photos, photos.length)) {
          expect(distancePx).toBeCloseTo(
            Math.hypot(photo.x * layout.width_px - spot.x, photo.y * layout.height_px - spot.y),
            6,
          );
          if (layout.feet_per_pixel === null) expect(distanceFt).toBeNull();
          else expect(distanceFt).toBe(Math.round(distancePx * layout.feet_per_pixel * 10) / 10);
        }
      }),
    );
  });

  it('does not depend on the order the photos come in', () => {
    fc.assert(
      fc.property(
        world.chain((w) =>
          fc.record({
            w: fc.constant(w),
            shuffled: fc.shuffledSubarray(w.photos, { minLength: w.photos.length }),
          }),
        ),
        ({ w, shuffled }) => {
          const ids = (list: typeof w.photos) =>
            nearestPhotos(w.spot, w.layout, list).map(({ photo }) => photo.id);
          expect(ids(shuffled)).toEqual(ids(w.photos));
        },
      ),
    );
  });

  it('puts a pin on the spot first, at 0 ft', () => {
    const layout = { width_px: 1000, height_px: 800, feet_per_pixel: 0.05 };
    const ranked = nearestPhotos({ x: 500, y: 400 }, layout, [
      { id: 1, x: 0.6, y: 0.5 },
      { id: 2, x: 0.5, y: 0.5 },
      { id: 3, x: 0.55, y: 0.5 },
      { id: 4, x: 0.9, y: 0.9 },
    ]);
    expect(ranked.map(({ photo, distanceFt }) => [photo.id, distanceFt])).toEqual([
      [2, 0],
      [3, 2.5],
      [1, 5],
    ]);
  });
});

describe('spot input', () => {
  it('reads JSON text (multipart) and objects (JSON) alike; blank is no spot', () => {
    const spot = { layout_id: 4, x: 1, y: 2 };
    expect(spotInputSchema.parse(JSON.stringify(spot))).toEqual({ ...spot, area: null });
    expect(spotInputSchema.parse(spot)).toEqual({ ...spot, area: null });
    expect(spotInputSchema.parse('')).toBeUndefined();
    expect(spotInputSchema.parse(undefined)).toBeUndefined();
  });

  it('accepts a spot on the edges of the image and refuses one a hair outside', () => {
    const size = { width_px: 100, height_px: 50 };
    expect(spotBoundsError({ x: 100, y: 50, area: null }, size)).toBeNull();
    expect(spotBoundsError({ x: 0, y: 0, area: null }, size)).toBeNull();
    expect(spotBoundsError({ x: 100.01, y: 0, area: null }, size)).toBe(SPOT_MESSAGES.offLayout);
    expect(
      spotBoundsError(
        {
          x: 1,
          y: 1,
          area: [
            { x: 0, y: 0 },
            { x: 0, y: 51 },
            { x: 3, y: 3 },
          ],
        },
        size,
      ),
    ).toBe(SPOT_MESSAGES.areaOffLayout);
  });
});
