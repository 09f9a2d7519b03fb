// `npm run bench`: figures and ratios. API throughput on the embedded database, Lighthouse on the
// built app, and the landing page's initial JavaScript against its budget. It fails (exit code) only
// when the app is not installable or its start URL does not load offline (issue 7).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';

const CONCURRENCY = 10;
const DURATION_MS = 5_000;
/** Budget for the landing page's first-load JavaScript, gzipped. */
const LANDING_JS_BUDGET_KB = 170;

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { rps: latencies.length / (DURATION_MS / 1000), p50: at(0.5), p99: at(0.99), errors };
}

function landingInitialJsKb(dist: string): number | null {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const bytes = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path))).length, 0);
  return bytes / 1024;
}

const database = await openPgliteDatabase();
await database.migrate();
const app = await buildApp({ config: { ...loadConfig({}), staticDir: undefined }, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(`API on PGlite, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each (loopback, 2 cores)`);
const health = await load(`${address}/api/health/`);
const status = await load(`${address}/api/users/auth-status/`);
for (const [name, r] of [
  ['GET /api/health/', health],
  ['GET /api/users/auth-status/ (signed out)', status],
] as const) {
  console.log(
    `  ${name.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`,
  );
}
console.log(`  ratio auth-status / health: ${(status.rps / health.rps).toFixed(2)}`);
await app.close();
await database.close();

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
