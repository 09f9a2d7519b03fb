import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database, QueryLog } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped again on close. Both start as copies of the
 * template the project's global set-up migrated (tests/support/database-template.ts).
 */
export async function openTestDatabase(options: { logQuery?: QueryLog } = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const tarball = await readFile(inject('pgliteTemplate'));
    return openPgliteDatabase(undefined, { loadDataDir: new Blob([tarball]), logQuery: options.logQuery });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `fieldbid_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const database = await openPostgresDatabase(databaseUrl(adminUrl, name), console, options);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
