import { z } from 'zod';
import { timestampText } from './response-fields.ts';

/*
 * What the property documentation calls answer (signed-in spec, section 2, "Project as-builds
 * page"), as src/server/documentation builds them. The shapes match the view types of
 * src/shared/documentation.ts, which the server's builders are typed by.
 */

/** A point in layout image pixels (0..width_px, 0..height_px), as the Polygon Coordinates panel lists them. */
export const pointSchema = z.object({ x: z.number(), y: z.number() });

/** A close-up photo placed inside a 360-degree photo, at a view direction in degrees. */
export const hotspotSchema = z.object({
  id: z.number().int(),
  pitch: z.number(),
  yaw: z.number(),
  url: z.string(),
  caption: z.string(),
});

/** A documentation photo; on a layout it is one of the viewer's red buttons at (x, y) fractions. */
export const documentationPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  caption: z.string(),
  is_360: z.boolean(),
  /** Pin position as fractions (0..1) of the layout's width and height; null off a layout. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  unit: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  taken_at: timestampText.nullable(),
  hotspots: z.array(hotspotSchema),
});

/** POST /api/layouts/{layoutId}/polygons/ answers one of these (201). */
export const layoutPolygonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.array(pointSchema),
  created_at: timestampText,
  /** "First Last" of whoever kept it; null once that user is gone. */
  created_by: z.string().nullable(),
});

/** A layout with its pins and polygons (also the answer of a layout upload or edit). */
export const layoutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  content_type: z.string(),
  width_px: z.number().int(),
  height_px: z.number().int(),
  /** Real length of one pixel in feet; null until calibrated (measures are then in pixels). */
  feet_per_pixel: z.number().nullable(),
  photos: z.array(documentationPhotoSchema),
  polygons: z.array(layoutPolygonSchema),
});

/** GET /api/projects/{id}/documentation/ */
export const projectDocumentationSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  layouts: z.array(layoutSchema),
  /** Photos not pinned on a layout, by kind (the Client properties page's Drone Photos and Thermal links). */
  drone_photos: z.array(documentationPhotoSchema),
  thermal_photos: z.array(documentationPhotoSchema),
  /** Whether the asker may keep and delete polygons (managers of the client and staff). */
  can_edit: z.boolean(),
});
