import { readdir } from 'node:fs/promises';
import { sep } from 'node:path';
import { isSafeKey } from '#shared/storage-key.ts';
import { sha256Of, sha256OfStream } from './content-hash.ts';
import type { FileStore } from './file-store.ts';
import type { LocalFileStore } from './local-file-store.ts';

export interface MigrationReport {
  /** Uploaded and read back with the same SHA-256. */
  verified: number;
  /** Read back with another SHA-256 (or not at all). */
  mismatched: string[];
  /** Could not be read or uploaded, with why. */
  failed: Array<{ key: string; reason: string }>;
  /** Files on disk that are no storage key (stray names); left where they are. */
  skipped: string[];
}

/** How many uploads run at once: enough to hide the round trips, few enough for a small server. */
const PARALLEL = 4;

/** The storage keys under the local store's root: every file but the `.type` sidecars and temp files. */
export async function localKeys(store: LocalFileStore): Promise<{ keys: string[]; skipped: string[] }> {
  let entries: string[];
  try {
    entries = (await readdir(store.root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) =>
        `${entry.parentPath}${sep}${entry.name}`
          .slice(store.root.length + 1)
          .split(sep)
          .join('/'),
      );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: [], skipped: [] };
    throw error;
  }
  const files = entries.filter((name) => !name.endsWith('.type') && !name.endsWith('.tmp')).sort();
  return { keys: files.filter(isSafeKey), skipped: files.filter((name) => !isSafeKey(name)) };
}

/**
 * Copies every local file into `target` and reads each back, comparing SHA-256s. Copying again is
 * harmless (same key, same bytes), so an interrupted run is simply run again.
 */
export async function migrateLocalFiles(
  source: LocalFileStore,
  target: FileStore,
  onMismatch: (line: string) => void = () => {},
): Promise<MigrationReport> {
  const { keys, skipped } = await localKeys(source);
  const report: MigrationReport = { verified: 0, mismatched: [], failed: [], skipped };
  let next = 0;
  const copyOne = async (key: string) => {
    const file = await source.get(key);
    if (!file) {
      report.failed.push({ key, reason: 'its .type file is missing' });
      return;
    }
    const expected = sha256Of(file.body);
    await target.put(key, file.body, file.contentType);
    const readBack = await target.stream(key);
    const actual = readBack ? await sha256OfStream(readBack) : 'missing';
    if (actual === expected) {
      report.verified += 1;
    } else {
      report.mismatched.push(key);
      onMismatch(`MISMATCH ${key}: local SHA-256 ${expected}, bucket ${actual}`);
    }
  };
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      await copyOne(key).catch((error: unknown) => {
        report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return report;
}
