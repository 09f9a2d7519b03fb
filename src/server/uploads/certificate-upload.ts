import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, parseInput } from '#server/http/http-error.ts';
import { type DetectedContentType, detectContentType } from '#server/storage/content-type.ts';
import { isWithinPixelLimit, readImageSize } from '#server/storage/image-size.ts';
import { PHOTO_PIXEL_LIMIT, pixelLimitMessage, UNREADABLE_IMAGE_MESSAGE } from '#shared/image-limits.ts';
import { CERTIFICATE_MESSAGES, insuranceFieldsSchema } from '#shared/vendor-application.ts';

export interface CertificateUpload {
  body: Buffer;
  contentType: DetectedContentType;
  expiresOn: string | null;
}

const fieldError = (message: string) => new HttpError(400, { errors: { insurance_certificate: [message] } });

/** The multipart body of a certificate form: the file when one was sent, and the expiry date. */
export interface CertificateForm {
  file: { body: Buffer; contentType: DetectedContentType } | null;
  expiresOn: string | null;
}

/**
 * Reads the multipart body of a certificate form: the `insurance_certificate` file (at most 5MB,
 * PDF or image by its bytes; public spec, section 5; an image within the photo pixel limit, read
 * from its header) and the optional `insurance_expires_on`. Without `fileOptional` a form without
 * a file is refused (Insurance certificate is required). Callers check who may upload first.
 */
export async function readCertificateForm(
  app: FastifyInstance,
  request: FastifyRequest,
  { fileOptional = false } = {},
): Promise<CertificateForm> {
  if (!request.isMultipart()) throw fieldError(CERTIFICATE_MESSAGES.required);
  let body: Buffer | null = null;
  let expiresOn: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'insurance_expires_on') expiresOn = part.value;
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname === 'insurance_certificate' && body === null) body = buffer;
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw fieldError(CERTIFICATE_MESSAGES.size);
    // Everything else here is a malformed body (cut off, wrong boundary): the client's fault.
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new HttpError(400, { detail: 'The upload could not be read. Please try again.' });
  }
  const dated = () => parseInput(insuranceFieldsSchema, { insurance_expires_on: expiresOn });
  if (!body || body.length === 0) {
    if (!fileOptional) throw fieldError(CERTIFICATE_MESSAGES.required);
    return { file: null, expiresOn: dated().insurance_expires_on };
  }
  const contentType = detectContentType(body);
  if (!contentType) throw fieldError(CERTIFICATE_MESSAGES.type);
  if (contentType !== 'application/pdf') {
    const size = readImageSize(body, contentType);
    if (!size) throw fieldError(UNREADABLE_IMAGE_MESSAGE);
    if (!isWithinPixelLimit(size, PHOTO_PIXEL_LIMIT)) throw fieldError(pixelLimitMessage(PHOTO_PIXEL_LIMIT));
  }
  return { file: { body, contentType }, expiresOn: dated().insurance_expires_on };
}

/** readCertificateForm with the file required. */
export async function readCertificateUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<CertificateUpload> {
  const form = await readCertificateForm(app, request);
  if (!form.file) throw fieldError(CERTIFICATE_MESSAGES.required);
  return { ...form.file, expiresOn: form.expiresOn };
}
