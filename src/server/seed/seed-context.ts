import { createHash } from 'node:crypto';
import type { Db } from '#server/db/database.ts';

/** Where the seed puts its pictures: the storage adapter (local disk or S3) satisfies this. */
export interface DemoFileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
}

export interface SeedContext {
  db: Db;
  /** Every seeded date is relative to this, so relative times on screen look natural. */
  now: Date;
  /** Absent: rows that need an image (layouts, photos, thumbnails) are left out. */
  files: DemoFileStore | undefined;
}

const HOUR = 3_600_000;

export const hoursAgo = (context: SeedContext, hours: number) =>
  new Date(context.now.getTime() - hours * HOUR);
export const daysAgo = (context: SeedContext, days: number) => hoursAgo(context, days * 24);
export const inDays = (context: SeedContext, days: number) => hoursAgo(context, -days * 24);

/** A stored demo picture: its storage key, type and size, ready for a row. */
export interface StoredPicture {
  storageKey: string;
  contentType: 'image/png';
  sizeBytes: number;
}

/**
 * Stores a PNG under `demo/<name>-<hash>.png`: the content hash keeps a reseeded database from
 * overwriting a different picture of the same name.
 */
export async function storePicture(files: DemoFileStore, name: string, png: Buffer): Promise<StoredPicture> {
  const digest = createHash('sha256').update(png).digest('hex').slice(0, 12);
  const storageKey = `demo/${name}-${digest}.png`;
  await files.put(storageKey, png, 'image/png');
  return { storageKey, contentType: 'image/png', sizeBytes: png.length };
}
