import pino from 'pino';
import { DEMO_PASSWORD } from '#server/auth/demo-accounts.ts';
import { type Config, loadConfig } from '#server/config/config.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { listenWhileStarting } from '#server/http/startup-server.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { buildApp } from './app.ts';
import { demoAccountsWithPublishedPassword, productionRefusals } from './production-checks.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** The environment read once; a bad one ends the process with one clear line instead of a stack. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    pino().fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
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
  // The port answers 503 while migrations run (they wait on an advisory lock when another process
  // migrates), so a balancer's readiness probe sees "starting" rather than a refused connection.
  let starting: Awaited<ReturnType<typeof listenWhileStarting>>;
  try {
    starting = await listenWhileStarting(config.port, config.host);
  } catch (error) {
    logger.fatal({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  await database.migrate();
  const files = createFileStore(config);
  // Demo data goes only into a fresh embedded database of a development server; a real PostgreSQL
  // is seeded on purpose with `npm run seed:demo`.
  if (database.kind === 'pglite') {
    // The seed (and its pictures drawn in code) is loaded only by a start that may use it.
    const { isDatabaseEmpty, seedDemoData } = await import('#server/seed/seed.ts');
    if (await isDatabaseEmpty(database.db)) {
      if (config.production) {
        logger.warn('production: the new embedded database gets no demo data');
      } else {
        await seedDemoData(database.db, { files });
        logger.info('seeded demo data into the new embedded database');
      }
    }
  }
  const demoAccounts = await demoAccountsWithPublishedPassword(database.db);
  const refusals = productionRefusals(config, demoAccounts);
  if (refusals.length > 0) {
    for (const refusal of refusals) logger.fatal(refusal);
    await starting.close();
    await database.close();
    process.exit(1);
  }
  if (demoAccounts.length > 0) {
    logger.warn(
      `DEMO ACCOUNTS ${demoAccounts.join(', ')} sign in with the password ${DEMO_PASSWORD}, which is public: anyone can sign in to them. Fine for a demo on this machine; never expose this server (NODE_ENV=production refuses to start with them)`,
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
    await starting.close();
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
