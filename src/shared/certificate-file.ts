import { CERTIFICATE_ACCEPT, CERTIFICATE_MESSAGES, MAX_CERTIFICATE_BYTES } from './vendor-application.ts';

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
