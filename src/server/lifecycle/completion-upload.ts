import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPLETION_PHOTO_MESSAGES,
  type CompletionInput,
  completionInputSchema,
  MAX_COMPLETION_PHOTOS,
} from '#shared/lifecycle-schemas.ts';
import { parseInput } from '../http/http-error.ts';
import { readPhotoUpload, type UploadedPhoto } from '../storage/photo-upload.ts';

/**
 * Reads POST /api/requests/{id}/complete/: multipart `note` plus repeated `photos` files (images by
 * their bytes, at most 10 of at most 10 MB), or a JSON `{note}` from a client without photos.
 */
export async function readCompletionUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<CompletionInput & { photos: UploadedPhoto[] }> {
  if (!request.isMultipart()) return { ...parseInput(completionInputSchema, request.body), photos: [] };
  const upload = await readPhotoUpload(app, request, {
    field: 'photos',
    maxFiles: MAX_COMPLETION_PHOTOS,
    messages: COMPLETION_PHOTO_MESSAGES,
  });
  return { ...parseInput(completionInputSchema, { note: upload.fields.note?.[0] }), photos: upload.photos };
}
