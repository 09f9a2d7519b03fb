import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data directory (api-pglite). */
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL database to copy (api-postgres). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per API project before any test file runs; each file then starts from a
 * copy of it instead of running initdb and every migration again (most of a file's set-up time).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tag = randomBytes(6).toString('hex');
  if (project.name === 'api-postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('api-postgres needs TEST_DATABASE_URL');
    const name = `fieldbid_template_${tag}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openPostgresDatabase(databaseUrl(adminUrl, name), console);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openPgliteDatabase();
  await database.migrate();
  const path = join(tmpdir(), `fieldbid-template-${tag}.tar`);
  await writeFile(path, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', path);
  return () => rm(path, { force: true });
}
