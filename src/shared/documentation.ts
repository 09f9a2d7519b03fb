import { z } from 'zod';
import { lineText } from './text-fields.ts';

/*
 * Property documentation (signed-in spec, section 2, "Project as-builds page"): one call reads
 * everything the viewer shows for a property, and managers keep the polygons they measure.
 *
 *   GET    /api/projects/{id}/documentation/               -> ProjectDocumentation
 *   POST   /api/layouts/{layoutId}/polygons/               PolygonInput -> 201 LayoutPolygonView
 *   DELETE /api/layouts/{layoutId}/polygons/{polygonId}/   -> 204
 *
 * Readers: staff, the owning client's managers, and vendors holding an accepted bid on a request
 * of that property (the rule GET /api/files/<key> applies to the same images). Writers: staff
 * and the owning client's managers.
 */

/** in_wall: pinned on a layout (the viewer's red buttons); drone and thermal: galleries of the property. */
export const PHOTO_KIND_VALUES = ['in_wall', 'drone', 'thermal'] as const;
export type PhotoKindValue = (typeof PHOTO_KIND_VALUES)[number];

/** A point in layout image pixels (0..width_px, 0..height_px), as the Polygon Coordinates panel lists them. */
export interface PointView {
  x: number;
  y: number;
}

/** A close-up photo placed inside a 360-degree photo, at a view direction in degrees. */
export interface HotspotView {
  id: number;
  pitch: number;
  yaw: number;
  url: string;
  caption: string;
}

/** A documentation photo; on a layout it is one of the viewer's red buttons at (x, y) fractions. */
export interface DocumentationPhotoView {
  id: number;
  url: string;
  caption: string;
  is_360: boolean;
  /** Pin position as fractions (0..1) of the layout's width and height; null off a layout. */
  x: number | null;
  y: number | null;
  unit: { id: number; number: string } | null;
  taken_at: string | null;
  hotspots: HotspotView[];
}

export interface LayoutPolygonView {
  id: number;
  name: string;
  points: PointView[];
  created_at: string;
  /** "First Last" of whoever kept it; null once that user is gone. */
  created_by: string | null;
}

export interface LayoutView {
  id: number;
  name: string;
  url: string;
  content_type: string;
  width_px: number;
  height_px: number;
  /** Real length of one pixel in feet; null until calibrated (measures are then in pixels). */
  feet_per_pixel: number | null;
  photos: DocumentationPhotoView[];
  polygons: LayoutPolygonView[];
}

export interface ProjectDocumentation {
  project: { id: number; name: string; address: string };
  layouts: LayoutView[];
  /** Photos not pinned on a layout, by kind (the Client properties page's Drone Photos and Thermal links). */
  drone_photos: DocumentationPhotoView[];
  thermal_photos: DocumentationPhotoView[];
  /** Whether the asker may keep and delete polygons (managers of the client and staff). */
  can_edit: boolean;
}

export const MAX_POLYGON_POINTS = 500;
export const MAX_POLYGON_NAME = 100;

const coordinate = z.number({ error: 'Each point needs numeric x and y.' }).finite();

/**
 * POST /api/layouts/{layoutId}/polygons/. The server also checks every point lies on the layout
 * image (0..width_px, 0..height_px): "Every point must lie on the layout." under `points`.
 */
export const polygonInputSchema = z.object({
  name: lineText(MAX_POLYGON_NAME).optional().default(''),
  points: z
    .array(z.object({ x: coordinate, y: coordinate }), { error: 'This field is required.' })
    .min(3, 'A polygon needs at least 3 points.')
    .max(MAX_POLYGON_POINTS, `A polygon can have at most ${MAX_POLYGON_POINTS} points.`),
});
export type PolygonInput = z.infer<typeof polygonInputSchema>;

export const POLYGON_OFF_LAYOUT = 'Every point must lie on the layout.';

/** Whether every point lies on a layout image of this size, edges included (the server's POLYGON_OFF_LAYOUT check). */
export function pointsOnLayout(
  points: readonly PointView[],
  size: { width_px: number; height_px: number },
): boolean {
  return points.every(
    (point) => point.x >= 0 && point.x <= size.width_px && point.y >= 0 && point.y <= size.height_px,
  );
}
