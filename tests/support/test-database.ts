import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openPgliteDatabase();
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `fieldbid_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgresDatabase(url.toString(), console);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
