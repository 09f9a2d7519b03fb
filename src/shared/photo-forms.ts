import { z } from 'zod';
import { completionInputSchema } from './lifecycle-schemas.ts';
import { MAX_MESSAGE_PHOTO_BYTES, MAX_MESSAGE_PHOTOS, messageInputSchema } from './message-schemas.ts';
import { MAX_REQUEST_PHOTO_BYTES, MAX_REQUEST_PHOTOS, requestInputSchema } from './request-schemas.ts';

/*
 * The forms that carry photos, as the API document describes them (the routes read multipart
 * themselves, so these are never run on a body: the fields go through the input schemas they
 * extend, the files through src/server/uploads/photo-upload.ts).
 */

/** Repeated `photos` file parts. */
const photoFiles = z
  .array(z.file().max(MAX_REQUEST_PHOTO_BYTES))
  .max(MAX_REQUEST_PHOTOS)
  .optional()
  .describe(
    `Repeated \`photos\` files: images (PNG, JPEG, GIF or WebP, checked by their content), at most ${MAX_REQUEST_PHOTOS}, each at most 10 MB and 40 megapixels`,
  );

/**
 * POST /api/requests/ as multipart: the request's fields (the property before the photos) and its
 * photos; the same fields also travel as JSON without photos.
 */
export const requestFormSchema = z.intersection(requestInputSchema, z.object({ photos: photoFiles }));

/** POST /api/requests/{id}/complete/ as multipart: the note and the completion photos (JSON: the note). */
export const completionFormSchema = completionInputSchema.extend({ photos: photoFiles });

/**
 * POST /api/messages/ as multipart: the thread (request, and vendor when a manager writes) before
 * the photos, the text, and at most MAX_MESSAGE_PHOTOS photos. Without photos the same fields travel
 * as JSON (the spec's `{request, content}`).
 */
export const messageFormSchema = messageInputSchema.extend({
  photos: z
    .array(z.file().max(MAX_MESSAGE_PHOTO_BYTES))
    .max(MAX_MESSAGE_PHOTOS)
    .optional()
    .describe(
      `Repeated \`photos\` files after \`request\` and \`vendor\`: images (PNG, JPEG, GIF or WebP, checked by their content), at most ${MAX_MESSAGE_PHOTOS}, each at most 10 MB and 40 megapixels`,
    ),
});
