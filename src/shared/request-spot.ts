import { z } from 'zod';
import { MAX_POLYGON_POINTS, type PointView, pointsOnLayout } from './documentation.ts';

/*
 * A request's spot on the floor plan ("The job meets the building"): where the work is, in
 * layout image pixels, and optionally the affected area as a polygon. POST /api/requests/ takes it as
 * `spot` (an object in JSON, its JSON text in multipart); GET /api/requests/{id}/ answers it with the
 * excerpt of the documentation a reader of the request may see: the layout image, the spot and the
 * in-wall 360-degree photos nearest to it ("What is behind this wall").
 */

export const SPOT_MESSAGES = {
  layout: 'Select a layout of this property.',
  offLayout: 'The spot must lie on the layout.',
  areaOffLayout: 'Every point of the area must lie on the layout.',
  shape: 'Send the spot as {layout_id, x, y} with an optional area.',
} as const;

/** How many photos "What is behind this wall" lists. */
export const BEHIND_WALL_COUNT = 3;

const coordinate = z.number({ error: 'Each point needs numeric x and y.' }).finite();
const pointSchema = z.object({ x: coordinate, y: coordinate });

const spotObjectSchema = z.object(
  {
    layout_id: z
      .number({ error: SPOT_MESSAGES.layout })
      .int(SPOT_MESSAGES.layout)
      .positive(SPOT_MESSAGES.layout)
      .max(2_147_483_647, SPOT_MESSAGES.layout),
    x: z.number({ error: 'The spot needs a numeric x.' }).finite(),
    y: z.number({ error: 'The spot needs a numeric y.' }).finite(),
    area: z
      .array(pointSchema, { error: 'Send the area as a list of points.' })
      .min(3, 'An area needs at least 3 points.')
      .max(MAX_POLYGON_POINTS, `An area can have at most ${MAX_POLYGON_POINTS} points.`)
      .nullish()
      .transform((area) => area ?? null),
  },
  { error: SPOT_MESSAGES.shape },
);

/** `spot` of a new request: optional; multipart carries it as JSON text ('' or absent: none). */
export const spotInputSchema = z.preprocess((value) => {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, spotObjectSchema.optional());
export type SpotInput = z.infer<typeof spotObjectSchema>;

/** The server's bounds check of a spot on a layout of this size (edges included), by field message. */
export function spotBoundsError(
  spot: Pick<SpotInput, 'x' | 'y' | 'area'>,
  size: { width_px: number; height_px: number },
): string | null {
  if (!pointsOnLayout([spot], size)) return SPOT_MESSAGES.offLayout;
  if (spot.area && !pointsOnLayout(spot.area, size)) return SPOT_MESSAGES.areaOffLayout;
  return null;
}

/** A documentation photo pinned on the layout, as the ranking reads it (pin as 0..1 fractions). */
export interface PinnedPhoto {
  id: number;
  x: number;
  y: number;
}

export interface RankedPhoto<Photo extends PinnedPhoto> {
  photo: Photo;
  /** Pixels on the layout image between the spot and the pin. */
  distancePx: number;
  /** The same in feet on a calibrated layout (rounded to 0.1 ft), else null. */
  distanceFt: number | null;
}

/**
 * The photos nearest to a spot, nearest first (ties: the older photo, by id), at most `count`.
 * Distances are in layout image pixels (a pin's fractions times the image size), so a wide plan is
 * not squashed; on a calibrated layout they are also given in feet.
 */
export function nearestPhotos<Photo extends PinnedPhoto>(
  spot: PointView,
  layout: { width_px: number; height_px: number; feet_per_pixel: number | null },
  photos: readonly Photo[],
  count: number = BEHIND_WALL_COUNT,
): RankedPhoto<Photo>[] {
  return photos
    .map((photo) => {
      const distancePx = Math.hypot(photo.x * layout.width_px - spot.x, photo.y * layout.height_px - spot.y);
      const distanceFt =
        layout.feet_per_pixel === null ? null : Math.round(distancePx * layout.feet_per_pixel * 10) / 10;
      return { photo, distancePx, distanceFt };
    })
    .sort((a, b) => a.distancePx - b.distancePx || a.photo.id - b.photo.id)
    .slice(0, Math.max(0, count));
}

const hotspotSchema = z.object({
  id: z.number().int(),
  pitch: z.number(),
  yaw: z.number(),
  url: z.string(),
  caption: z.string(),
});

/** One photo of "What is behind this wall": a 360-degree in-wall photo with its close-ups. */
export const behindWallPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  caption: z.string(),
  /** The pin as fractions (0..1) of the layout image. */
  x: z.number(),
  y: z.number(),
  /** Feet from the spot on a calibrated layout; null otherwise (the list is still nearest first). */
  distance_ft: z.number().nullable(),
  hotspots: z.array(hotspotSchema),
});
export type BehindWallPhoto = z.infer<typeof behindWallPhotoSchema>;

/** The request detail's `spot`: the layout excerpt every reader of the request may see. */
export const requestSpotSchema = z.object({
  layout: z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    width_px: z.number().int(),
    height_px: z.number().int(),
    feet_per_pixel: z.number().nullable(),
  }),
  x: z.number(),
  y: z.number(),
  area: z.array(z.object({ x: z.number(), y: z.number() })).nullable(),
  behind_wall: z.array(behindWallPhotoSchema),
});
export type RequestSpot = z.infer<typeof requestSpotSchema>;
