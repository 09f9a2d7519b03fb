import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** The ETag form of a SHA-256: quoted base64url. */
export function sha256Tag(digest: string): string {
  return `"${digest}"`;
}

export function sha256Of(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

/** SHA-256 of a stream, read chunk by chunk (a large layout never sits in memory whole). */
export async function sha256OfStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('base64url');
}
