// `npm run seed:bench -- --requests 100000 --vendors 500`: the bench data on top of the
// demo data, into the configured database (DATABASE_URL, else the embedded one in DATA_DIR). An
// empty database gets the demo data first (the bench signs in as the demo accounts); a database that
// already holds the bench data is left as it is, so the bench can call this every run.
import { parseArgs } from 'node:util';
import { hashPassword } from '#server/auth/passwords.ts';
import { loadConfig } from '#server/config/config.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { BENCH_MANAGER_EMAIL, hasBenchData, resetBenchWrites, seedBenchData } from './bench-data.ts';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '100000' }, vendors: { type: 'string', default: '500' } },
});
const requests = Number(values.requests);
const vendors = Number(values.vendors);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(vendors) || vendors < 1) {
  console.error('--requests and --vendors take whole numbers above 0.');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config, console);
try {
  await database.migrate();
  if (await hasBenchData(database.db)) {
    await resetBenchWrites(database.db);
    console.log(
      `The ${database.kind} database already holds the bench data; reused it (earlier runs' writes removed).`,
    );
  } else {
    const started = performance.now();
    if (await isDatabaseEmpty(database.db)) await seedDemoData(database.db);
    await seedBenchData(database.db, { requests, vendors, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Bench data loaded into the ${database.kind} database in ${seconds} s: ${requests} requests, ${vendors} vendors ` +
        `(${BENCH_MANAGER_EMAIL} and bench-vendor-N@bench.local, password ${DEMO_PASSWORD}).`,
    );
  }
} finally {
  await database.close();
}
