import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '#server/http/http-error.ts';
import { readPhotoUpload, type UploadedPhoto } from '#server/uploads/photo-upload.ts';
import { PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import {
  type LeftInput,
  leftInputSchema,
  MAX_VISIT_PHOTO_BYTES,
  MAX_VISIT_PHOTOS,
} from '#shared/visit-schemas.ts';

const VISIT_PHOTO_MESSAGES = {
  type: 'Upload images only (PNG, JPEG, GIF or WebP).',
  size: 'Each photo must be 10 MB or smaller.',
  count: `Attach at most ${MAX_VISIT_PHOTOS} photos.`,
} as const;

/** POST /api/visits/{id}/left/ as multipart, for the API document (the route reads the parts itself). */
export const leftFormSchema = leftInputSchema.extend({
  another_visit_needed: z.union([z.boolean(), z.enum(['true', 'false'])]),
  photos: z
    .array(z.file().max(MAX_VISIT_PHOTO_BYTES))
    .max(MAX_VISIT_PHOTOS)
    .optional()
    .describe(
      `Repeated \`photos\` files: images (PNG, JPEG, GIF or WebP, checked by their content), at most ${MAX_VISIT_PHOTOS}, each at most 10 MB and 40 megapixels`,
    ),
});

export interface LeftUpload extends LeftInput {
  photos: UploadedPhoto[];
  /** What an Idempotency-Key is bound to: the fields and each photo's SHA-256, or the JSON body. */
  payload: unknown;
}

/** Multipart sends a boolean as text. */
const asBoolean = (value: string | undefined) =>
  value === 'true' ? true : value === 'false' ? false : value;

/**
 * Reads POST /api/visits/{id}/left/: multipart `at`, `note`, `another_visit_needed` plus repeated
 * `photos` (images by their bytes, at most MAX_VISIT_PHOTOS of at most 10 MB and 40 megapixels), or
 * JSON without photos. The caller's right to the step is checked before this reads anything.
 */
export async function readLeftUpload(app: FastifyInstance, request: FastifyRequest): Promise<LeftUpload> {
  if (!request.isMultipart()) {
    return { ...parseInput(leftInputSchema, request.body), photos: [], payload: request.body };
  }
  const upload = await readPhotoUpload(app, request, {
    field: 'photos',
    maxFiles: MAX_VISIT_PHOTOS,
    pixels: PHOTO_PIXEL_LIMIT,
    messages: VISIT_PHOTO_MESSAGES,
  });
  const first = (name: string) => upload.fields[name]?.[0];
  const input = parseInput(leftInputSchema, {
    at: first('at'),
    note: first('note'),
    another_visit_needed: asBoolean(first('another_visit_needed')),
  });
  return { ...input, photos: upload.photos, payload: upload.canonical };
}
