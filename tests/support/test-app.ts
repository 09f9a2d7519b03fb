import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database, Db } from '#server/db/database.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, without the built PWA and without listening; `options` passes
 * more of buildApp's options (the authorization matrix collects the route table with onRoute).
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'onRoute'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = { ...loadConfig({}), staticDir: undefined, ...overrides };
  const app = await buildApp({ ...options, config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
