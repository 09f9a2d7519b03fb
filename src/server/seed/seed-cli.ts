// `npm run seed:demo`: migrate the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR) and load the demo data into it. Refuses a database that already has users, so it can
// never mix demo accounts into real data.
import { loadConfig } from '#server/config/config.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config, console);
let exitCode = 0;
try {
  await database.migrate();
  if (await isDatabaseEmpty(database.db)) {
    await seedDemoData(database.db, { files: createFileStore(config) });
    const accounts = Object.values(DEMO_EMAILS).join(', ');
    console.log(
      `Demo data loaded into the ${database.kind} database: ${accounts} (password ${DEMO_PASSWORD}).`,
    );
  } else {
    console.error(
      'The database already has users: demo data is loaded only into an empty database. Nothing was changed.',
    );
    exitCode = 1;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
