import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/open-database.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed.ts';
import { createLocalFileStore } from './storage/local-file-store.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  const files = createLocalFileStore(config.dataDir);
  // Demo data goes only into a fresh embedded database; a real PostgreSQL is seeded on purpose
  // with `npm run seed:demo`.
  if (database.kind === 'pglite' && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db, { files });
    logger.info(
      'seeded demo data: admin@demo.local, manager@demo.local, vendor@demo.local (password demo12345)',
    );
  }

  const app = await buildApp({ config, database, logger, files });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.fatal({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
