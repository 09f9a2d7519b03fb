import { z } from 'zod';
import {
  CERTIFICATE_ACCEPT,
  CERTIFICATE_MESSAGES,
  insuranceFieldsSchema,
  MAX_CERTIFICATE_BYTES,
} from './vendor-application.ts';

const CERTIFICATE_TYPES = CERTIFICATE_ACCEPT.split(',');

/**
 * The browser's check of a chosen certificate before anything is sent (public spec, section 5,
 * step 1): the vendor wizard and the Settings insurance tab. The server decides by content.
 */
export function certificateFileError(file: { type: string; size: number } | null): string | null {
  if (file === null) return CERTIFICATE_MESSAGES.required;
  if (!CERTIFICATE_TYPES.includes(file.type)) return CERTIFICATE_MESSAGES.type;
  if (file.size > MAX_CERTIFICATE_BYTES) return CERTIFICATE_MESSAGES.size;
  return null;
}

/**
 * The multipart form of a certificate upload (the vendor wizard's save_insurance_info and
 * POST /api/vendor/insurance/), as the API document describes it: the server reads the parts itself.
 */
export const certificateFormSchema = insuranceFieldsSchema.extend({
  insurance_certificate: z
    .file()
    .max(MAX_CERTIFICATE_BYTES)
    .describe('PDF, PNG, JPEG, GIF or WebP, checked by its content; at most 5 MB'),
});
