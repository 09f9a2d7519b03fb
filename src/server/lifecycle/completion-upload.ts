import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '#server/http/http-error.ts';
import { readPhotoUpload, type UploadedPhoto } from '#server/uploads/photo-upload.ts';
import { PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import {
  COMPLETION_PHOTO_MESSAGES,
  type CompletionInput,
  completionInputSchema,
  MAX_COMPLETION_PHOTOS,
} from '#shared/lifecycle-schemas.ts';

export interface CompletionUpload extends CompletionInput {
  photos: UploadedPhoto[];
  /**
   * What an Idempotency-Key is bound to: for multipart the fields and each photo's SHA-256 (the
   * stream is read by now), for JSON the body itself.
   */
  payload: unknown;
}

/**
 * Reads POST /api/requests/{id}/complete/: multipart `note` plus repeated `photos` files (images by
 * their bytes, at most 10 of at most 10 MB and 40 megapixels), or a JSON `{note}` from a client
 * without photos. The caller's right to complete is checked before this reads anything.
 */
export async function readCompletionUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<CompletionUpload> {
  if (!request.isMultipart()) {
    return { ...parseInput(completionInputSchema, request.body), photos: [], payload: request.body };
  }
  const upload = await readPhotoUpload(app, request, {
    field: 'photos',
    maxFiles: MAX_COMPLETION_PHOTOS,
    pixels: PHOTO_PIXEL_LIMIT,
    messages: COMPLETION_PHOTO_MESSAGES,
  });
  return {
    ...parseInput(completionInputSchema, { note: upload.fields.note?.[0] }),
    photos: upload.photos,
    payload: upload.canonical,
  };
}
