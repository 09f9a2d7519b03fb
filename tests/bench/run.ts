// `npm run bench`: figures and ratios, written to docs/quality.md. The API at scale on PostgreSQL and
// PGlite (tests/bench/api-bench.ts), Lighthouse on the built app, and the landing page's initial
// JavaScript against its budget. It fails (exit code) only when the app is not installable or its
// start URL does not load offline (issue 7). `-- --api` runs only the API part, `-- --scale` adds the
// jobs list and the detail at 10k, 100k and 1M requests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { runApiBench, runProcessesBench } from './api-bench.ts';
import { writeQualitySection } from './quality-doc.ts';

/** Budget for the landing page's first-load JavaScript, gzipped. */
const LANDING_JS_BUDGET_KB = 170;

function landingInitialJsKb(dist: string): number | null {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const bytes = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path))).length, 0);
  return bytes / 1024;
}

const { values: flags } = parseArgs({
  options: {
    // Only the API part (no build, no browser).
    api: { type: 'boolean', default: false },
    // The jobs list and the detail at 10k, 100k and 1M requests on PostgreSQL.
    scale: { type: 'boolean', default: false },
    // Also N server processes on one PostgreSQL beside one (issue 18).
    processes: { type: 'string' },
    requests: { type: 'string', default: '100000' },
    vendors: { type: 'string', default: '500' },
  },
});

console.log(`API at scale: 10 connections, autocannon, each route for ${process.env.BENCH_SECONDS ?? 5} s`);
const apiTables = await runApiBench({ requests: Number(flags.requests), vendors: Number(flags.vendors) });
writeQualitySection(
  'api',
  'API at scale',
  `Signed-in demo vendor (Bearer) unless the row says otherwise; \`manager requests\` as the bench client's manager.\n\n${apiTables}`,
);
if (flags.scale) {
  const scaleTables: string[] = [];
  for (const requests of [10_000, 100_000, 1_000_000]) {
    scaleTables.push(await runApiBench({ requests, vendors: Number(flags.vendors), postgresOnly: true }));
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

const js = landingInitialJsKb(join(process.cwd(), 'dist'));
if (js === null) console.log('Landing page initial JS: no build (run `npm run build` first)');
else {
  console.log(
    `Landing page initial JS: ${js.toFixed(1)} KB gzip, budget ${LANDING_JS_BUDGET_KB} KB (${((js / LANDING_JS_BUDGET_KB) * 100).toFixed(0)}% of budget)`,
  );
}
