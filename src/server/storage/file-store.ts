import type { Readable } from 'node:stream';
import { isSafeKey } from '#shared/storage-key.ts';

/** Where uploaded and seeded files live: local disk by default, an S3 bucket with STORAGE_URL. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** What serving a file needs before reading it: its length for ranges, its tag for 304. */
export interface StoredFileInfo {
  size: number;
  contentType: string;
  /**
   * A quoted strong ETag: the content's SHA-256 (base64url), the same on every store so browser
   * caches outlive a migration; the store's own tag only for objects written by other tools.
   */
  etag: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole file in memory: only for small files (certificates, tests); serving uses stream(). */
  get(key: string): Promise<StoredFile | null>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The content (or one range of it) as it is read, never buffered whole; null when missing. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A cheap check that the store answers (GET /api/health/ asks it on every balancer probe): true
   * when reachable. Optional: a store without it counts as reachable.
   */
  ping?(): Promise<boolean>;
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
