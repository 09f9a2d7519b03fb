import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { sha256OfStream, sha256Tag } from './content-hash.ts';
import {
  assertSafeKey,
  type ByteRange,
  type FileStore,
  type StoredFile,
  type StoredFileInfo,
} from './file-store.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files on local disk under `root`; the content type sits beside each file in `<file>.type`
 * (read back on get, never guessed from the name).
 */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${randomBytes(8).toString('base64url')}.tmp`;
    await writeFile(temporary, body);
    await writeFile(`${path}.type`, contentType);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { body, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The tag is the content's SHA-256, hashed as the file streams past (as serving always did here). */
  async stat(key: string): Promise<StoredFileInfo | null> {
    const path = this.path(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      const digest = await sha256OfStream(createReadStream(path));
      return { size: info.size, contentType, etag: sha256Tag(digest) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const path = this.path(key);
    try {
      // Opened before returning, so a missing file is null here rather than a stream error later.
      const handle = await open(path);
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
  /** The root exists (made on first use) and this process may write there; reads no file. */
  async ping(): Promise<boolean> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }
}

/** The default store: `${dataDir}/files`. */
export function createLocalFileStore(dataDir: string): LocalFileStore {
  return new LocalFileStore(join(dataDir, 'files'));
}
