import type { Logger } from 'pino';
import type { Config } from '#server/config/config.ts';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: Pick<Logger, 'error'>,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, log)
    : openPgliteDatabase(config.dataDir);
}
