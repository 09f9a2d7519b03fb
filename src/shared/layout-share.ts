import { z } from 'zod';
import { pointSchema } from './documentation-responses.ts';
import { timestampText } from './response-fields.ts';

/*
 * A public, read-only share of one layout (floor plan), for the embed a property manager puts on
 * the property's own web site (docs/decisions/shared-plans-and-360.md, "Shared plans").
 *
 *   GET    /api/layouts/{layoutId}/share/   -> LayoutShareView      (the documentation's writers)
 *   PUT    /api/layouts/{layoutId}/share/   -> LayoutShareView      turns the share on (keeps a token it has)
 *   DELETE /api/layouts/{layoutId}/share/   -> 204                  turns it off: the token stops working
 *   GET    /api/shared-layouts/{token}/     -> SharedLayoutView     anyone holding the token, any origin
 *   GET    /api/shared-layouts/{token}/image                        the plan image, for that token only
 *
 * A shared plan shows its name, image, scale, the pins' places and captions, and the kept polygons'
 * names and outlines. Never the photos behind the pins, the property, its client, or who kept what.
 */

/** GET and PUT /api/layouts/{layoutId}/share/ */
export const layoutShareSchema = z.object({
  /** Null while the layout is not shared. */
  token: z.string().nullable(),
  /** When the current share was turned on. */
  shared_at: timestampText.nullable(),
});
export type LayoutShareView = z.infer<typeof layoutShareSchema>;

/** A pin's place, as fractions (0..1) of the plan's width and height, and its caption. */
export const sharedPinSchema = z.object({
  id: z.number().int(),
  x: z.number(),
  y: z.number(),
  caption: z.string(),
});

export const sharedPolygonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.array(pointSchema),
});

/** GET /api/shared-layouts/{token}/ */
export const sharedLayoutSchema = z.object({
  name: z.string(),
  /** Relative to the server that answered: `/api/shared-layouts/{token}/image`. */
  image_url: z.string(),
  width_px: z.number().int(),
  height_px: z.number().int(),
  feet_per_pixel: z.number().nullable(),
  pins: z.array(sharedPinSchema),
  polygons: z.array(sharedPolygonSchema),
});
export type SharedLayoutView = z.infer<typeof sharedLayoutSchema>;
