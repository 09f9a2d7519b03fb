import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, MIGRATIONS_FOLDER, type QueryLog, queryLogger } from './database.ts';

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
  options: { loadDataDir?: Blob; logQuery?: QueryLog } = {},
): Promise<PgliteDatabase> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    const pgliteOptions = { loadDataDir: options.loadDataDir };
    client = dataDir
      ? await PGlite.create(join(dataDir, 'pgdata'), pgliteOptions)
      : await PGlite.create(pgliteOptions);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle({ client, ...queryLogger(options.logQuery) });
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
      return {
        stop: () => unlisten(),
        // PGlite hands a notification over (in a microtask) while it reads the result of the
        // statement that committed it, before that statement's promise settles.
        sync: async () => {},
      };
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
