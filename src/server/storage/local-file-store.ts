import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomToken } from '../auth/tokens.ts';
import { assertSafeKey, type FileStore, type StoredFile } from './file-store.ts';

/**
 * Files on local disk under `root`; the content type sits beside each file in `<file>.type`
 * (read back on get, never guessed from the name).
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${randomToken(8)}.tmp`;
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
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}

/** The default store: `${dataDir}/files`. */
export function createLocalFileStore(dataDir: string): LocalFileStore {
  return new LocalFileStore(join(dataDir, 'files'));
}
