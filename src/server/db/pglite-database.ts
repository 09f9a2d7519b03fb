import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, MIGRATIONS_FOLDER, type QueryLog, queryLogger } from './database.ts';
import { PgliteWorkerClient } from './pglite-worker-client.ts';

export interface PgliteDatabase extends Database {
  /** The data directory as an uncompressed tarball, for `loadDataDir`. */
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM), run in a worker thread (pglite-worker.ts) so that its queries leave
 * the server's event loop free. `dataDir` undefined keeps everything in memory (tests);
 * `loadDataDir` starts from a `dumpDataDir()` tarball instead of a fresh initdb (test template).
 */
export async function openPgliteDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob; logQuery?: QueryLog } = {},
): Promise<PgliteDatabase> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PgliteWorkerClient;
  try {
    client = await PgliteWorkerClient.start({
      dataDir: dataDir ? join(dataDir, 'pgdata') : undefined,
      loadDataDir: options.loadDataDir,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // drizzle-orm/pglite calls only query() and transaction() (with the transaction's query()) on its
  // client (its session.js), which the worker client provides with PGlite's signatures; Drizzle's
  // mapping and type parsing stay exactly those of the PGlite driver.
  const db = drizzle({ client: client as unknown as PGlite, ...queryLogger(options.logQuery) });
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
        // The worker posts a notification (from PGlite's microtask while it reads the result of the
        // statement that committed it) ahead of that statement's answer, on the same port: by the
        // time a commit has answered here, its notifications have been handed to `onPayload`.
        sync: async () => {},
        alwaysSynced: true,
      };
    },
    connection: { kind: 'pglite', client },
    async dump() {
      return client.dumpDataDir();
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
