/**
 * The type of an upload, decided by its first bytes, never by its name or the browser's header
 * (DESIGN.md, Runtime). Only PDF and the common web image formats are accepted.
 */
export type DetectedContentType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const startsWith = (body: Buffer, bytes: number[], offset = 0) =>
  body.length >= offset + bytes.length && bytes.every((byte, i) => body[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function detectContentType(body: Buffer): DetectedContentType | null {
  if (startsWith(body, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(body, ascii('GIF87a')) || startsWith(body, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(body, ascii('RIFF')) && startsWith(body, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const EXTENSIONS: Record<DetectedContentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
