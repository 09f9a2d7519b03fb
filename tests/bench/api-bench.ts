// The API at scale: for each database, seed (or reuse) the bench data, start the real
// server as its own process, load each route with autocannon and print req/s, p50, p99, errors and
// the ratio to the same server's ceiling (signed-out auth-status) measured in the same run.
// `--scale` also prints the jobs list and the detail at 10k, 100k and 1M requests on PostgreSQL.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..', '..');
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * `BENCH_ROUTES=POST` (comma-separated parts of the rows' names, any case) measures only the rows
 * that match, beside the ceiling: a quick before/after of a few routes. `stall` names the stall row.
 */
const ROUTE_FILTER = (process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter((part) => part !== '');
/** Whether every row is measured: only a whole run is written to docs/quality.md. */
export const ALL_ROUTES = ROUTE_FILTER.length === 0;
const measured = (name: string) =>
  ALL_ROUTES || ROUTE_FILTER.some((part) => name.toLowerCase().includes(part));
const PASSWORD = 'demo12345';
const VENDOR = 'vendor@demo.local';
const MANAGER = 'bench-manager@bench.local';
/**
 * The keyed bid row bids as a vendor of its own: the unkeyed row, at 2,700 bids a second, takes most
 * of the demo vendor's 17,000-odd biddable requests, and past them the same requests come round
 * again as 409s, which a keyed bid answers through the key's transaction (a slower path).
 */
const KEYED_BIDDER = 'bench-vendor-1@bench.local';

export interface RouteFigure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
}

interface Target {
  label: string;
  env: NodeJS.ProcessEnv;
}

interface LoadSpec {
  name: string;
  path: string;
  token?: string;
  method?: 'GET' | 'POST';
  /** A body per request (writes must not collide: each bid goes to a request of its own). */
  body?: () => string;
  connections?: number;
  /** Each request with an Idempotency-Key of its own, as the app's offline outbox sends every write. */
  keyed?: boolean;
}

let keysSent = 0;
const runTag = Date.now().toString(36);
/** A new Idempotency-Key per request when `spec.keyed`. */
const keyHeaders = (spec: LoadSpec, headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  spec.keyed ? { ...headers, 'idempotency-key': `bench-${runTag}-${keysSent++}` } : headers;

async function loadRoute(origin: string, spec: LoadSpec): Promise<Omit<RouteFigure, 'ratio'>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  if (spec.body) headers['content-type'] = 'application/json';
  const makeBody = spec.body;
  const result = await autocannon({
    url: `${origin}${spec.path}`,
    connections: spec.connections ?? CONNECTIONS,
    duration: DURATION_S,
    method: spec.method ?? 'GET',
    headers,
    ...(makeBody || spec.keyed
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: keyHeaders(spec, request.headers ?? {}),
                ...(makeBody ? { body: makeBody() } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    name: spec.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<{ origin: string; child: ChildProcess }> {
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(`${origin}/api/health/`)) throw new Error(`port ${port} is already in use`);
  // BENCH_SERVER_ROOT: another checkout's server (a before/after of a change, same bench and data).
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.env.BENCH_SERVER_ROOT ?? ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: join(ROOT, 'dist') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const deadline = Date.now() + 120_000;
  while (!(await answers(`${origin}/api/health/`))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server on ${origin} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, child };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The browser's way in: a visitor session's CSRF token first, then the login with its cookie. */
async function signIn(origin: string, email: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/get-csrf-token/`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrfToken },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return body.token;
}

async function getJson<T>(origin: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

export function seed(env: NodeJS.ProcessEnv, requests: number, vendors: number): void {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/seed/seed-bench-cli.ts',
      '--requests',
      String(requests),
      '--vendors',
      String(vendors),
    ],
    { cwd: ROOT, env, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('seed:bench failed');
}

/**
 * Open jobs the vendor sees and has not bid on (a bench vendor has the seed's bids): each POST bid
 * takes the next.
 */
async function openJobIds(origin: string, token: string): Promise<number[]> {
  const bidOn = new Set<number>();
  for (let page = 1; page <= 100; page += 1) {
    const body = await getJson<{ results: { request_id: number }[]; total_pages: number }>(
      origin,
      `/api/vendor/bids/?page_size=100&page=${page}`,
      token,
    );
    for (const bid of body.results) bidOn.add(bid.request_id);
    if (page >= body.total_pages) break;
  }
  const ids: number[] = [];
  for (let page = 1; ids.length < 20_000 && page <= 200; page += 1) {
    const body = await getJson<{ results: { id: number; status: string }[] }>(
      origin,
      `/api/vendor/jobs/?status=open&page_size=100&page=${page}`,
      token,
    );
    if (body.results.length === 0) break;
    ids.push(
      ...body.results.filter((job) => job.status === 'open' && !bidOn.has(job.id)).map((job) => job.id),
    );
  }
  return ids;
}

async function measure(target: Target, port: number): Promise<RouteFigure[]> {
  const { origin, child } = await startServer(target.env, port);
  try {
    const vendorToken = await signIn(origin, VENDOR);
    const managerToken = await signIn(origin, MANAGER);
    const jobs = await getJson<{ results: { id: number }[] }>(
      origin,
      '/api/vendor/jobs/?page=1',
      vendorToken,
    );
    const detailId = jobs.results[0]?.id;
    if (detailId === undefined) throw new Error('the demo vendor sees no jobs');
    const biddable = await openJobIds(origin, vendorToken);
    const keyedBidderToken = await signIn(origin, KEYED_BIDDER);
    const keyedBiddable = await openJobIds(origin, keyedBidderToken);
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString();

    const specs: LoadSpec[] = [
      { name: 'ceiling: auth-status signed out', path: '/api/users/auth-status/' },
      { name: 'auth-status signed in', path: '/api/users/auth-status/', token: vendorToken },
      { name: 'jobs page 1', path: '/api/vendor/jobs/?page=1', token: vendorToken },
      {
        name: 'jobs page 500, -created_at',
        path: '/api/vendor/jobs/?page=500&ordering=-created_at',
        token: vendorToken,
      },
      {
        name: 'jobs Plumbing, open',
        path: '/api/vendor/jobs/?service_type=Plumbing&status=open',
        token: vendorToken,
      },
      { name: 'request detail', path: `/api/requests/${detailId}/`, token: vendorToken },
      {
        name: 'jobs nearby',
        path: '/api/vendor/jobs/nearby/?latitude=39.7392&longitude=-104.9903',
        token: vendorToken,
      },
      { name: 'my bids', path: '/api/vendor/bids/', token: vendorToken },
      { name: 'notifications unread', path: '/api/notifications/?is_read=false', token: vendorToken },
      { name: 'conversations', path: '/api/messages/conversations/', token: vendorToken },
      { name: 'manager requests', path: '/api/property-manager/maintenance-requests/', token: managerToken },
      {
        name: 'POST bid',
        path: `/api/requests/${biddable[0] ?? detailId}/bid/`,
        token: vendorToken,
        method: 'POST',
        body: () =>
          JSON.stringify({ amount: 400, estimated_time: 3, proposed_start_date: start, notes: 'bench' }),
      },
      {
        name: 'POST message',
        path: '/api/messages/',
        token: vendorToken,
        method: 'POST',
        body: () => JSON.stringify({ request: detailId, content: 'Bench message' }),
      },
    ];
    // The app sends every bid and message through its offline outbox, each with an Idempotency-Key.
    for (const name of ['POST bid', 'POST message'])
      specs.push({
        ...specs.find((spec) => spec.name === name)!,
        name: `${name}, with Idempotency-Key`,
        keyed: true,
        ...(name === 'POST bid' ? { token: keyedBidderToken } : {}),
      });
    // Each bid goes to a request of its own: rewrite the path per request (autocannon reuses the URL
    // otherwise, and a second bid on one request is a 409).
    const bidSpecs = specs.filter((spec) => spec.name.startsWith('POST bid'));
    const figures: RouteFigure[] = [];
    let ceiling = 0;
    for (const spec of specs) {
      if (figures.length > 0 && !measured(spec.name)) continue;
      const figure = bidSpecs.includes(spec)
        ? await loadBids(origin, spec, spec.keyed ? keyedBiddable : biddable)
        : await loadRoute(origin, spec);
      if (figures.length === 0) ceiling = figure.rps;
      figures.push({ ...figure, ratio: ceiling > 0 ? figure.rps / ceiling : 0 });
    }
    if (!measured('stall')) return figures;
    for (const rate of [undefined, STALL_FIXED_RATE]) {
      const stall = await stallCheck(origin, vendorToken, rate);
      figures.push({ ...stall, ratio: ceiling > 0 ? stall.rps / ceiling : 0 });
    }
    return figures;
  } finally {
    await stopServer(child);
  }
}

/**
 * The stall check's second row: the background held to this many jobs pages a second, about the
 * most the jobs list served in the first row before deep pages had anchors. Unbounded, the first row's
 * background takes whatever CPU the probe leaves it on two cores, so the cheaper its pages, the more
 * of them it asks and the lower that row; at a fixed rate the row shows what each page costs the rest.
 */
const STALL_FIXED_RATE = 100;

/**
 * The stall check: the signed-out auth-status (no query) measured while five other
 * connections page through the jobs list at random pages and page sizes (as fast as they are
 * answered, or `rate` pages a second in all). Pages are cached per
 * process (vendor-job-routes.ts), so the background varies both over more pages than the cache
 * keeps or than it can visit in the run: nearly every page is a cache miss and a query. On PGlite
 * the database runs in a worker thread; on the server's own thread its queries held up every
 * other request.
 */
async function stallCheck(
  origin: string,
  token: string,
  rate: number | undefined,
): Promise<Omit<RouteFigure, 'ratio'>> {
  const background = autocannon({
    url: origin,
    connections: 5,
    duration: DURATION_S,
    ...(rate === undefined ? {} : { overallRate: rate }),
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/vendor/jobs/?page=${1 + Math.floor(Math.random() * 1_000)}&page_size=${10 + Math.floor(Math.random() * 11)}`,
        }),
      },
    ],
  });
  const probe = await loadRoute(origin, {
    name: `auth-status signed out while 5 load jobs pages${rate === undefined ? '' : ` (${rate} a second)`}`,
    path: '/api/users/auth-status/',
    connections: 5,
  });
  const jobs = await background;
  console.log(
    `  (stall background${rate === undefined ? '' : ` at ${rate}/s`}: ${jobs.requests.average.toFixed(0)} jobs pages/s, p99 ${jobs.latency.p99} ms, ` +
      `${jobs.errors + jobs.timeouts + jobs.non2xx} errors)`,
  );
  return probe;
}

async function loadBids(origin: string, spec: LoadSpec, ids: number[]): Promise<Omit<RouteFigure, 'ratio'>> {
  let next = 0;
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Bearer ${spec.token}`,
  };
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (request) => ({
          ...request,
          headers: keyHeaders(spec, request.headers ?? {}),
          path: `/api/requests/${ids[next++ % ids.length]}/bid/`,
          body: spec.body!(),
        }),
      },
    ],
  });
  // Past the biddable ids the same requests come round again: a 409 is a bid refused without a
  // write (cheaper than a bid), so the run says how many there were rather than hiding them.
  const duplicates = result.statusCodeStats?.['409']?.count ?? 0;
  console.log(
    `  (${spec.name}: ${ids.length} biddable requests, ${result.statusCodeStats?.['201']?.count ?? 0} bids written, ${duplicates} refused as duplicates)`,
  );
  return {
    name: spec.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.statusCodeStats?.['500']?.count ?? 0),
  };
}

export function formatTable(label: string, figures: RouteFigure[]): string {
  const lines = [
    `| ${label} | req/s | p50 ms | p99 ms | errors | ratio to ceiling |`,
    '|---|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.errors} | ${(f.ratio * 100).toFixed(2)}% |`,
    ),
  ];
  return lines.join('\n');
}

export async function postgresUrl(name: string): Promise<string | null> {
  const base = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432';
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  return `${base}/${name}`;
}

export async function runApiBench(options: {
  requests: number;
  vendors: number;
  /** One database only (`--database`), e.g. to compare a PGlite change before and after. */
  only?: 'postgres' | 'pglite';
}): Promise<string> {
  const targets: Target[] = [];
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  const pgUrl = options.only === 'pglite' ? null : await postgresUrl(`fieldbid_bench_${options.requests}`);
  if (pgUrl)
    targets.push({
      label: `PostgreSQL, ${options.requests} requests`,
      env: { ...baseEnv, DATABASE_URL: pgUrl },
    });
  else if (options.only !== 'pglite') console.log('  PostgreSQL is not reachable: measuring PGlite only');
  if (options.only !== 'postgres')
    targets.push({
      label: `PGlite, ${options.requests} requests`,
      env: { ...baseEnv, DATA_DIR: join(ROOT, 'data', `bench-${options.requests}`) },
    });

  const tables: string[] = [];
  let port = 8210;
  for (const target of targets) {
    console.log(`\n${target.label}: seeding (or reusing) the bench data`);
    seed(target.env, options.requests, options.vendors);
    const figures = await measure(target, port++);
    const table = formatTable(target.label, figures);
    console.log(table);
    tables.push(table);
  }
  return tables.join('\n\n');
}

/** One route's figure with its load split over several processes (the same 10 connections in all). */
async function loadSpread(origins: string[], spec: LoadSpec): Promise<Omit<RouteFigure, 'ratio'>> {
  const share = Math.max(1, Math.round(CONNECTIONS / origins.length));
  const parts = await Promise.all(
    origins.map((origin) => loadRoute(origin, { ...spec, connections: share })),
  );
  return {
    name: spec.name,
    rps: parts.reduce((sum, part) => sum + part.rps, 0),
    p50: Math.max(...parts.map((part) => part.p50)),
    p99: Math.max(...parts.map((part) => part.p99)),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
  };
}

/**
 * `--processes N`: the same routes on N server processes sharing one PostgreSQL, the 10
 * connections spread evenly over them, beside one process. On this 2-core machine the processes and
 * PostgreSQL share the cores, so this shows the overhead of sharing more than the gain of a second machine.
 */
export async function runProcessesBench(options: { requests: number; vendors: number; processes: number }) {
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  const pgUrl = await postgresUrl(`fieldbid_bench_${options.requests}`);
  if (!pgUrl) return 'PostgreSQL is not reachable: no figures for several processes.';
  const env = { ...baseEnv, DATABASE_URL: pgUrl };
  seed(env, options.requests, options.vendors);
  const servers = [];
  for (let i = 0; i < options.processes; i += 1) servers.push(await startServer(env, 8230 + i));
  try {
    const origins = servers.map((server) => server.origin);
    const token = await signIn(origins[0]!, VENDOR);
    const jobs = await getJson<{ results: { id: number }[] }>(origins[0]!, '/api/vendor/jobs/?page=1', token);
    const specs: LoadSpec[] = [
      { name: 'ceiling: auth-status signed out', path: '/api/users/auth-status/' },
      { name: 'auth-status signed in', path: '/api/users/auth-status/', token },
      { name: 'jobs page 1', path: '/api/vendor/jobs/?page=1', token },
      { name: 'request detail', path: `/api/requests/${jobs.results[0]?.id}/`, token },
    ];
    const rows: string[] = [];
    for (const spec of specs) {
      const one = await loadSpread([origins[0]!], spec);
      const many = await loadSpread(origins, spec);
      rows.push(
        `| ${spec.name} | ${one.rps.toFixed(0)} | ${one.p99.toFixed(1)} | ${many.rps.toFixed(0)} | ${many.p99.toFixed(1)} | ${many.errors} |`,
      );
    }
    return [
      `| PostgreSQL, ${options.requests} requests | 1 process req/s | p99 ms | ${options.processes} processes req/s | p99 ms | errors |`,
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n');
  } finally {
    for (const server of servers) await stopServer(server.child);
  }
}
