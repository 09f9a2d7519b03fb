import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { sha256Hex } from '../idempotency/idempotency-key.ts';
import { type DetectedContentType, detectContentType } from './content-type.ts';

export type ImageContentType = Exclude<DetectedContentType, 'application/pdf'>;

export interface UploadedPhoto {
  body: Buffer;
  contentType: ImageContentType;
  sha256: string;
}

export interface PhotoUpload {
  /** Every text field, in the order sent; a repeated field keeps all its values. */
  fields: Record<string, string[]>;
  photos: UploadedPhoto[];
  /** What an Idempotency-Key is bound to: the fields and each photo's SHA-256 (not the bytes). */
  canonical: { fields: Record<string, string[]>; files: Array<{ field: string; sha256: string }> };
}

export interface PhotoLimits {
  /** The file field holding photos; other file fields are read and ignored. */
  field: string;
  maxFiles: number;
  messages: { type: string; size: string; count: string };
}

/**
 * Reads a multipart body of text fields plus image files. The files are images by their bytes
 * (never by name or the part's header); the scoped @fastify/multipart limits cut a file over the
 * size limit (413) and a body with too many files (400), each with a message under the field.
 */
export async function readPhotoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  limits: PhotoLimits,
): Promise<PhotoUpload> {
  const fail = (status: number, message: string) =>
    new HttpError(status, { errors: { [limits.field]: [message] }, detail: message });
  const fields: Record<string, string[]> = {};
  const photos: UploadedPhoto[] = [];
  const files: PhotoUpload['canonical']['files'] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
        continue;
      }
      const body = await part.toBuffer();
      // An empty file input still sends a nameless, empty part: nothing was attached.
      if (part.fieldname !== limits.field || body.length === 0) continue;
      const contentType = detectContentType(body);
      if (!contentType || contentType === 'application/pdf') throw fail(400, limits.messages.type);
      const sha256 = sha256Hex(body);
      photos.push({ body, contentType, sha256 });
      files.push({ field: part.fieldname, sha256 });
      if (photos.length > limits.maxFiles) throw fail(400, limits.messages.count);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fail(413, limits.messages.size);
    if (error instanceof app.multipartErrors.FilesLimitError) throw fail(400, limits.messages.count);
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new HttpError(400, { detail: 'The upload could not be read. Please try again.' });
  }
  return { fields, photos, canonical: { fields, files } };
}

/** Multipart fields as a plain payload: `repeated` fields as lists, every other field's first value. */
export function fieldsAsPayload(fields: Record<string, string[]>, repeated: readonly string[]) {
  const payload: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(fields)) {
    payload[name] = repeated.includes(name) ? values : (values[0] ?? '');
  }
  return payload;
}
