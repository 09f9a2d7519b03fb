import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, MIGRATIONS_FOLDER } from './database.ts';

export interface PgliteDatabase extends Database {
  /** The data directory as an uncompressed tarball, for `loadDataDir`. */
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests);
 * `loadDataDir` starts from a `dumpDataDir()` tarball instead of a fresh initdb (test template).
 */
export async function openPgliteDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = dataDir ? await PGlite.create(join(dataDir, 'pgdata'), options) : await PGlite.create(options);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle({ client });
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    async dump() {
      return client.dumpDataDir('none');
    },
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
