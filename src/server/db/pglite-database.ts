import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, MIGRATIONS_FOLDER } from './database.ts';

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests). */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = dataDir ? await PGlite.create(join(dataDir, 'pgdata')) : await PGlite.create();
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
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
