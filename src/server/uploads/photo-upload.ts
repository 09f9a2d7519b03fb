import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http/http-error.ts';
import { sha256Hex } from '#server/idempotency/idempotency-key.ts';
import { detectContentType } from '#server/storage/content-type.ts';
import { type ImageContentType, isWithinPixelLimit, readImageSize } from '#server/storage/image-size.ts';
import { type PixelLimit, pixelLimitMessage, UNREADABLE_IMAGE_MESSAGE } from '#shared/image-limits.ts';

export type { ImageContentType } from '#server/storage/image-size.ts';

export interface UploadedPhoto {
  body: Buffer;
  contentType: ImageContentType;
  sha256: string;
  /** The size it is shown at, from its header (never decoded). */
  width: number;
  height: number;
}

export interface PhotoUpload {
  /** Every text field, in the order sent; a repeated field keeps all its values. */
  fields: Record<string, string[]>;
  photos: UploadedPhoto[];
  /** What an Idempotency-Key is bound to: the fields and each photo's SHA-256 (not the bytes). */
  canonical: { fields: Record<string, string[]>; files: Array<{ field: string; sha256: string }> };
}

/**
 * The caller's right to a target named in the body (a new request's property): checked once, when
 * the first file part arrives and before a byte of it is read, with the fields sent so far. The
 * fields naming the target must therefore come before the files.
 */
export interface UploadGate {
  /** Fields that name the target; one arriving after a file is refused with 400 `lateMessage`. */
  fields: readonly string[];
  lateMessage: string;
  /** Throws the 400/403 of a target the caller may not use. */
  check(fields: Record<string, string[]>): Promise<void>;
}

export interface PhotoLimits {
  /** The file field holding photos; other file fields are read and ignored. */
  field: string;
  maxFiles: number;
  /** Checked on every photo's header; the message names it unless `messages.pixels` is given. */
  pixels: PixelLimit;
  messages: { type: string; size: string; count: string; pixels?: string; unreadable?: string };
  gate?: UploadGate;
}

/**
 * Reads a multipart body of text fields plus image files. The files are images by their bytes
 * (never by name or the part's header) whose header gives a size within `pixels`; the scoped
 * @fastify/multipart limits cut a file over the size limit (413) and a body with too many files
 * (400), each with a message under the field. With a `gate`, a refused caller's files are never read.
 */
export async function readPhotoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  limits: PhotoLimits,
): Promise<PhotoUpload> {
  const fail = (status: number, message: string, field = limits.field) =>
    new HttpError(status, { errors: { [field]: [message] }, detail: message });
  const fields: Record<string, string[]> = {};
  const photos: UploadedPhoto[] = [];
  const files: PhotoUpload['canonical']['files'] = [];
  let gated = limits.gate === undefined;
  // The gate's own error (a 403, or a database failure) goes out as it is, not as a bad upload.
  let refusal: { error: unknown } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (gated && limits.gate?.fields.includes(part.fieldname)) {
          throw fail(400, limits.gate.lateMessage, part.fieldname);
        }
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
        continue;
      }
      if (!gated) {
        try {
          await limits.gate?.check(fields);
        } catch (error) {
          // Stop reading the body: destroying the unread part unpipes the request from busboy.
          part.file.destroy();
          refusal = { error };
          break;
        }
        gated = true;
      }
      const body = await part.toBuffer();
      // An empty file input still sends a nameless, empty part: nothing was attached.
      if (part.fieldname !== limits.field || body.length === 0) continue;
      const contentType = detectContentType(body);
      if (!contentType || contentType === 'application/pdf') throw fail(400, limits.messages.type);
      const size = readImageSize(body, contentType);
      if (!size) throw fail(400, limits.messages.unreadable ?? UNREADABLE_IMAGE_MESSAGE);
      if (!isWithinPixelLimit(size, limits.pixels)) {
        throw fail(400, limits.messages.pixels ?? pixelLimitMessage(limits.pixels));
      }
      const sha256 = sha256Hex(body);
      photos.push({ body, contentType, sha256, ...size });
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
  if (refusal) throw refusal.error;
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
