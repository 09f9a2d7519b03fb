/** Where uploaded and seeded files live (DESIGN.md, Runtime: local disk by default, S3 later). */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/**
 * Keys are slash-separated segments of letters, digits, '.', '_' and '-', each starting with a
 * letter or digit: no '..', no absolute paths, nothing a disk or bucket could read as a path escape.
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
