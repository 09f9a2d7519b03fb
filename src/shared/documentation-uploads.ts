import { z } from 'zod';
import { PHOTO_KIND_VALUES } from './documentation.ts';
import {
  PANORAMA_PIXEL_LIMIT,
  PHOTO_PIXEL_LIMIT,
  type PixelLimit,
  pixelLimitMessage,
} from './image-limits.ts';
import { isoDateField, lineText } from './text-fields.ts';

/*
 * Adding documentation to a property (managers of the client and staff), beside the viewer's reads
 * in documentation.ts:
 *
 *   POST   /api/projects/{id}/layouts/   multipart: image + LayoutUploadInput   -> 201 LayoutView
 *   PATCH  /api/layouts/{id}/            LayoutUpdateInput (JSON)               -> LayoutView
 *   DELETE /api/layouts/{id}/                                                   -> 204
 *   POST   /api/projects/{id}/photos/    multipart: image + PhotoUploadInput    -> 201 DocumentationPhotoView
 *   DELETE /api/photos/{id}/                                                    -> 204
 *   POST   /api/photos/{id}/hotspots/    multipart: image + HotspotUploadInput  -> 201 HotspotView
 *   PATCH  /api/hotspots/{id}/           HotspotUpdateInput (JSON)              -> HotspotView
 *   DELETE /api/hotspots/{id}/                                                  -> 204
 */

export const MAX_LAYOUT_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENTATION_PHOTO_BYTES = 25 * 1024 * 1024;
/** Longest side the viewer handles comfortably as one image. */
export const MAX_LAYOUT_SIDE_PX = 12_000;
/** Plans are limited by their side alone (a square plan may use it all). */
export const LAYOUT_PIXEL_LIMIT: PixelLimit = {
  maxPixels: MAX_LAYOUT_SIDE_PX ** 2,
  maxSide: MAX_LAYOUT_SIDE_PX,
};
export const MAX_CAPTION = 200;

export const DOCUMENTATION_UPLOAD_MESSAGES = {
  required: 'Choose an image file.',
  type: 'Upload a PNG, JPEG, GIF or WebP image.',
  layoutSize: `The image must be ${MAX_LAYOUT_BYTES / 1024 / 1024} MB or smaller.`,
  photoSize: `The image must be ${MAX_DOCUMENTATION_PHOTO_BYTES / 1024 / 1024} MB or smaller.`,
  count: 'Upload one image at a time.',
  dimensions: `The image could not be read, or a side is over ${MAX_LAYOUT_SIDE_PX} pixels.`,
  /** In-wall, drone and thermal photos and close-ups; a 360-degree photo may be larger. */
  photoPixels: pixelLimitMessage(PHOTO_PIXEL_LIMIT),
  panoramaPixels: pixelLimitMessage(PANORAMA_PIXEL_LIMIT),
} as const;

const REQUIRED = 'This field is required.';
const caption = lineText(MAX_CAPTION);
const layoutName = lineText(100, { error: REQUIRED }).min(1, REQUIRED);

/** A form field arrives as text: '' means "not given"; otherwise a positive number of feet. */
const feetPerPixel = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
  z
    .number({ error: 'Enter a number of feet per pixel.' })
    .positive('Enter a number of feet per pixel greater than 0.')
    .max(100, 'Enter a number of feet per pixel up to 100.')
    .nullable(),
);

export const layoutUploadSchema = z.object({ name: layoutName, feet_per_pixel: feetPerPixel.optional() });
export type LayoutUploadInput = z.infer<typeof layoutUploadSchema>;

export const layoutUpdateSchema = z
  .object({ name: layoutName.optional(), feet_per_pixel: feetPerPixel.optional() })
  .refine((input) => input.name !== undefined || input.feet_per_pixel !== undefined, {
    message: 'Send a name or feet_per_pixel to change.',
  });
export type LayoutUpdateInput = z.infer<typeof layoutUpdateSchema>;

const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? undefined : Number(value)),
  z
    .number({ error: 'Choose a valid option.' })
    .int('Choose a valid option.')
    .positive('Choose a valid option.')
    .max(2_147_483_647, 'Choose a valid option.')
    .optional(),
);
const fraction = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? undefined : Number(value)),
  z
    .number({ error: 'Choose the spot on the plan.' })
    .min(0, 'Choose a spot on the plan.')
    .max(1, 'Choose a spot on the plan.')
    .optional(),
);

/** Text fields of the photo upload; a pin (layout_id, x, y) only for in-wall photos. */
export const photoUploadSchema = z
  .object({
    kind: z.enum(PHOTO_KIND_VALUES, { error: 'Choose In-wall, Drone or Thermal.' }),
    caption: caption.optional().default(''),
    is_360: z.preprocess((value) => value === true || value === 'true', z.boolean()),
    layout_id: optionalId,
    x: fraction,
    y: fraction,
    unit_id: optionalId,
    taken_at: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? undefined : value),
      isoDateField().optional(),
    ),
  })
  .superRefine((input, context) => {
    if (input.kind !== 'in_wall') return;
    if (input.layout_id === undefined)
      context.addIssue({
        code: 'custom',
        path: ['layout_id'],
        message: 'Choose the layout the photo belongs on.',
      });
    // Under the coordinate that is missing (x when both are), so the refusal names its field.
    if (input.x === undefined || input.y === undefined)
      context.addIssue({
        code: 'custom',
        path: [input.x === undefined ? 'x' : 'y'],
        message: 'Choose the spot on the plan.',
      });
  });
export type PhotoUploadInput = z.infer<typeof photoUploadSchema>;

/**
 * POST /api/photos/{id}/hotspots/ (multipart: image + these fields) -> 201 HotspotView: a close-up
 * placed inside a 360-degree photo at a view direction; DELETE /api/hotspots/{id}/ -> 204.
 */
/** A blank or null angle is missing, not 0 (coercion alone would read '' and null as 0). */
const angle = (message: string, limit: number) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? Number.NaN : value),
    z.coerce.number({ error: message }).min(-limit, message).max(limit, message),
  );
const pitch = angle('Enter the pitch in degrees, from -90 to 90.', 90);
const yaw = angle('Enter the yaw in degrees, from -180 to 180.', 180);

export const hotspotUploadSchema = z.object({ pitch, yaw, caption: caption.optional().default('') });
export type HotspotUploadInput = z.infer<typeof hotspotUploadSchema>;

/**
 * PATCH /api/hotspots/{id}/ (JSON) -> HotspotView: a close-up's new caption, or its new place (pitch
 * and yaw together), or both; the photo itself is replaced by deleting and adding again.
 */
export const hotspotUpdateSchema = z
  .object({ caption: caption.optional(), pitch: pitch.optional(), yaw: yaw.optional() })
  .strict()
  .refine((input) => (input.pitch === undefined) === (input.yaw === undefined), {
    message: 'Send pitch and yaw together.',
    path: ['pitch'],
  })
  .refine((input) => input.caption !== undefined || input.pitch !== undefined, {
    message: 'Send a caption, or pitch and yaw, to change.',
  });
export type HotspotUpdateInput = z.infer<typeof hotspotUpdateSchema>;

export const NOT_A_360_PHOTO = 'Close-ups go inside 360-degree photos only.';

/*
 * The three multipart forms as the API document describes them (the routes read the parts
 * themselves: the fields go through the schemas above, the image through the server's image check).
 */
const imageFile = (bytes: number, ...limits: string[]) =>
  z
    .file()
    .describe(
      [
        `One image: PNG, JPEG, GIF or WebP, checked by its content, at most ${bytes / 1024 / 1024} MB.`,
        ...limits,
      ].join(' '),
    );

/** POST /api/projects/{id}/layouts/ */
export const layoutFormSchema = layoutUploadSchema.extend({
  image: imageFile(MAX_LAYOUT_BYTES, `At most ${MAX_LAYOUT_SIDE_PX} pixels a side.`),
});

/** POST /api/projects/{id}/photos/ */
export const photoFormSchema = z.intersection(
  photoUploadSchema,
  z.object({
    image: imageFile(
      MAX_DOCUMENTATION_PHOTO_BYTES,
      pixelLimitMessage(PHOTO_PIXEL_LIMIT),
      `A 360-degree photo: ${pixelLimitMessage(PANORAMA_PIXEL_LIMIT)}`,
    ),
  }),
);

/** POST /api/photos/{id}/hotspots/ */
export const hotspotFormSchema = hotspotUploadSchema.extend({
  image: imageFile(MAX_DOCUMENTATION_PHOTO_BYTES, pixelLimitMessage(PHOTO_PIXEL_LIMIT)),
});
