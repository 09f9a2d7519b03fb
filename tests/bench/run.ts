// `npm run bench`: figures and ratios, written to docs/quality.md. The API at scale on PostgreSQL and
// PGlite (tests/bench/api-bench.ts), Lighthouse on the built app, and the build's budgets.
// It fails (exit code) only when the app is not installable or its start URL does not load offline
//. `-- --lighthouse` runs only the browser part (Lighthouse on the public and signed-in
// pages, the budgets), `-- --api` only the API part, `-- --scale` adds the jobs list and the detail at
// 10k, 100k and 1M requests, `-- --database pglite` measures one database, `-- --fanout` measures a
// request open to 2,000 vendors and 10,000 live event streams, `-- --mix` a mixed working day on one
// and two processes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBudgets } from '../../scripts/budgets.ts';
import { ALL_ROUTES, runApiBench, runProcessesBench } from './api-bench.ts';
import { runFanOutBench } from './fan-out-bench.ts';
import { runMixBench } from './mix-bench.ts';
import { writeQualitySection } from './quality-doc.ts';

const { values: flags } = parseArgs({
  options: {
    // Only the API part (no build, no browser).
    api: { type: 'boolean', default: false },
    // Only the browser part: Lighthouse on the built app, installability and the budgets.
    lighthouse: { type: 'boolean', default: false },
    // The jobs list and the detail at 10k, 100k and 1M requests on PostgreSQL.
    scale: { type: 'boolean', default: false },
    // Also N server processes on one PostgreSQL beside one.
    processes: { type: 'string' },
    // Fan-out and live streams: a request open to 2,000 vendors, 10,000 event streams (PostgreSQL).
    fanout: { type: 'boolean', default: false },
    // A working day, mixed, at a fixed arrival rate, on one and two processes (PostgreSQL).
    mix: { type: 'boolean', default: false },
    // `postgres` or `pglite`: measure one database only (printed, not written to docs/quality.md).
    database: { type: 'string' },
    requests: { type: 'string', default: '100000' },
    vendors: { type: 'string', default: '500' },
  },
});

/**
 * The browser part: Lighthouse on the built app (tests/bench/lighthouse.ts, which
 * writes its section of docs/quality.md), installability, then the build's budgets (scripts/budgets.ts).
 */
function browserBench(): void {
  // Builds dist/ when stale and drives Chromium, so it waits for the shared browser lock (helper rule 7).
  console.log('Lighthouse and installability (waits for /tmp/fieldbid-browser.lock)');
  const lighthouse = spawnSync(
    'flock',
    ['/tmp/fieldbid-browser.lock', process.execPath, '--import', 'tsx', 'tests/bench/lighthouse.ts'],
    { stdio: 'inherit' },
  );
  if (lighthouse.status !== 0) {
    console.log(`Lighthouse step failed (exit ${lighthouse.status ?? lighthouse.signal})`);
    process.exitCode = 1;
  }
  const dist = join(process.cwd(), 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('Budgets: no build (run `npm run build` first)');
    return;
  }
  const budgets = checkBudgets(dist);
  console.log('Budgets (`npm run check:budgets`)');
  for (const line of [...budgets.lines, ...budgets.failures.map((failure) => `BROKEN: ${failure}`)]) {
    console.log(`  ${line}`);
  }
  writeQualitySection(
    'budgets',
    'Budgets (JavaScript before a page works, gzip)',
    `\`\`\`\n${budgets.lines.join('\n')}\n\`\`\``,
  );
}

if (flags.lighthouse) {
  browserBench();
  process.exit();
}

// The PostgreSQL-only benches that stand alone: each prints its table and writes its section.
for (const [flag, id, title, run] of [
  ['mix', 'mix', 'A working day, mixed', runMixBench],
  ['fanout', 'fan-out', 'Many at once: fan-out and live streams', runFanOutBench],
] as const) {
  if (!flags[flag]) continue;
  console.log(`${title} (PostgreSQL)`);
  const table = await run({ requests: Number(flags.requests), vendors: Number(flags.vendors) });
  console.log(table);
  writeQualitySection(id, title, table);
  process.exit(0);
}

console.log(`API at scale: 10 connections, autocannon, each route for ${process.env.BENCH_SECONDS ?? 5} s`);
if (flags.database !== undefined && flags.database !== 'postgres' && flags.database !== 'pglite') {
  console.error('--database takes postgres or pglite.');
  process.exit(2);
}
const apiTables = await runApiBench({
  requests: Number(flags.requests),
  vendors: Number(flags.vendors),
  only: flags.database,
});
// The section holds both databases and every row side by side: a run of one database or of some
// rows (BENCH_ROUTES) only prints its table.
if (flags.database === undefined && ALL_ROUTES)
  writeQualitySection(
    'api',
    'API at scale',
    `Signed-in demo vendor (Bearer) unless the row says otherwise; \`manager requests\` as the bench client's manager.\n\n${apiTables}`,
  );
if (flags.scale) {
  const scaleTables: string[] = [];
  for (const requests of [10_000, 100_000, 1_000_000]) {
    scaleTables.push(await runApiBench({ requests, vendors: Number(flags.vendors), only: 'postgres' }));
  }
  writeQualitySection('scale', 'Cost against data size (PostgreSQL)', scaleTables.join('\n\n'));
}
if (flags.processes) {
  const processes = Number(flags.processes);
  const table = await runProcessesBench({
    requests: Number(flags.requests),
    vendors: Number(flags.vendors),
    processes,
  });
  console.log(table);
  writeQualitySection('processes', `One and ${processes} processes on one PostgreSQL`, table);
}
if (flags.api || flags.scale) process.exit(0);
browserBench();
