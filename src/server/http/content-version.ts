import { createHash } from 'node:crypto';

/**
 * A file's content version: the first 16 characters of its SHA-256 in base64url (96 bits). The
 * build puts it in the viewer assets' `?v=` and the server compares the same, so both must agree.
 */
export function contentVersion(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 16);
}
