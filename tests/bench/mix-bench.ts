// A working day, mixed: vendors, managers and staff together at a fixed arrival rate (an open loop:
// requests start on time whether or not the earlier ones have answered), on one server process and
// on two sharing PostgreSQL. Reads (jobs, detail, bids, notifications, conversations, the managers'
// list, the admin console), writes (bids, messages, awards) and uploads (a request with a small
// photo). Prints p50/p99 per class and errors; `npm run bench -- --mix` writes it to docs/quality.md.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { randomToken } from '#server/auth/tokens.ts';
import { png } from '../support/test-images.ts';
import { postgresUrl, seed, startServer, stopServer } from './api-bench.ts';
import { sessionsFor } from './bench-sessions.ts';

const RATE = Number(process.env.BENCH_MIX_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 20);
const BENCH_AGENT = 'mix bench';
/** The first seconds, when every cache of the day is cold: the table also shows p99 without them. */
const WARM_MS = 5_000;
const PHOTO = png(64, 48);

type Kind = 'read' | 'write' | 'upload';
interface Call {
  name: string;
  kind: Kind;
  /** Its share of the arrivals. */
  weight: number;
  run(origin: string): Promise<Response>;
}

interface Sample {
  kind: Kind;
  name: string;
  ms: number;
  status: number;
  /** When it started, from the first call (ms). */
  at: number;
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

const pick = <T>(items: readonly T[], n: number) => items[n % items.length]!;

/** The day's calls, with the people and rows they act on read from the bench data. */
async function dayOf(db: pg.Client): Promise<Call[]> {
  const ids = async (query: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(query, params)).rows.map((row) => row.id);
  const vendorIds = await ids(
    `select id from users where email like 'bench-vendor-%@bench.local' order by id`,
  );
  const [managerId] = await ids(`select id from users where email = 'bench-manager@bench.local'`);
  const [staffId] = await ids(`select id from users where is_staff order by id limit 1`);
  if (!managerId || !staffId || vendorIds.length === 0) throw new Error('the bench people are missing');
  const tokens = await sessionsFor(db, BENCH_AGENT, [managerId, staffId, ...vendorIds]);
  const managerToken = tokens.get(managerId);
  const staffToken = tokens.get(staffId);
  const vendorTokens = tokens;
  const awardable = (
    await db.query<{ request: number; bid: number }>(
      `select distinct on (r.id) r.id as request, b.id as bid
       from maintenance_requests r join projects p on p.id = r.project_id
       join users m on m.client_id = p.client_id and m.id = $1
       join bids b on b.request_id = r.id and b.status = 'pending' and b.version = 1 and b.options = '[]'::jsonb
       where r.status = 'open' order by r.id, b.id limit 2000`,
      [managerId],
    )
  ).rows;
  // Pairs of a vendor and an open request it may bid on and has not, none of those the manager
  // awards: each bid takes the next.
  const pairs = (
    await db.query<{ request: number; vendor: number }>(
      `select r.id as request, v.user_id as vendor
       from vendor_profiles v join maintenance_requests r
         on r.status = 'open' and r.opened_to_vendors_at is not null and r.is_open_for_bids
        and (r.invite_all or r.type = any(v.service_categories))
       where v.user_id = any($1::int[]) and v.approved_at is not null
         and (r.bid_deadline is null or r.bid_deadline > now())
         and r.id <> all($2::int[])
         and not exists (select 1 from bids b where b.request_id = r.id and b.vendor_id = v.user_id)
       limit 20000`,
      [vendorIds, awardable.map((row) => row.request)],
    )
  ).rows;
  const [project] = await ids(
    `select p.id from projects p join users m on m.client_id = p.client_id where m.id = $1 order by p.id limit 1`,
    [managerId],
  );
  const managedRequests = awardable.map((row) => row.request);
  if (pairs.length === 0 || awardable.length === 0 || project === undefined)
    throw new Error('the bench data has nothing to bid on or to award');

  let bids = 0;
  let messages = 0;
  let awards = 0;
  let reads = 0;
  const next = () => {
    reads += 1;
    return reads;
  };
  const asVendor = (vendor: number) => ({ authorization: `Bearer ${vendorTokens.get(vendor)}` });
  const json = (token: string | undefined) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  const get = (origin: string, path: string, headers: Record<string, string>) =>
    fetch(`${origin}${path}`, { headers });
  const vendorRead = (path: (n: number) => string) => (origin: string) => {
    const n = next();
    return get(origin, path(n), asVendor(pick(vendorIds, n)));
  };
  return [
    {
      name: 'jobs page',
      kind: 'read',
      weight: 20,
      run: vendorRead((n) => `/api/vendor/jobs/?page=${1 + (n % 50)}`),
    },
    {
      name: 'request detail (vendor)',
      kind: 'read',
      weight: 12,
      run: (origin) => {
        const pair = pick(pairs, next());
        return get(origin, `/api/requests/${pair.request}/`, asVendor(pair.vendor));
      },
    },
    { name: 'my bids', kind: 'read', weight: 8, run: vendorRead(() => '/api/vendor/bids/') },
    {
      name: 'notifications',
      kind: 'read',
      weight: 10,
      run: vendorRead(() => '/api/notifications/?is_read=false'),
    },
    { name: 'conversations', kind: 'read', weight: 6, run: vendorRead(() => '/api/messages/conversations/') },
    {
      name: 'manager requests',
      kind: 'read',
      weight: 8,
      run: (origin) =>
        get(
          origin,
          `/api/property-manager/maintenance-requests/?page=${1 + (next() % 20)}`,
          json(managerToken),
        ),
    },
    {
      name: 'request detail (manager)',
      kind: 'read',
      weight: 5,
      run: (origin) => get(origin, `/api/requests/${pick(managedRequests, next())}/`, json(managerToken)),
    },
    {
      name: 'admin clients',
      kind: 'read',
      weight: 3,
      run: (origin) => get(origin, '/api/admin/clients/', json(staffToken)),
    },
    {
      name: 'POST bid',
      kind: 'write',
      weight: 12,
      run: (origin) => {
        const pair = pick(pairs, bids++);
        const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
        return fetch(`${origin}/api/requests/${pair.request}/bid/`, {
          method: 'POST',
          headers: {
            ...asVendor(pair.vendor),
            'content-type': 'application/json',
            'idempotency-key': randomToken(16),
          },
          body: JSON.stringify({
            amount: 400,
            estimated_time: 3,
            proposed_start_date: start,
            notes: 'mix bench',
          }),
        });
      },
    },
    {
      name: 'POST message',
      kind: 'write',
      weight: 10,
      run: (origin) => {
        const pair = pick(pairs, messages++);
        return fetch(`${origin}/api/messages/`, {
          method: 'POST',
          headers: {
            ...asVendor(pair.vendor),
            'content-type': 'application/json',
            'idempotency-key': randomToken(16),
          },
          body: JSON.stringify({ request: pair.request, content: 'Mix bench: on my way' }),
        });
      },
    },
    {
      name: 'POST award',
      kind: 'write',
      weight: 2,
      run: (origin) => {
        const row = pick(awardable, awards++);
        return fetch(`${origin}/api/requests/${row.request}/award/`, {
          method: 'POST',
          headers: json(managerToken),
          body: JSON.stringify({ bid_id: row.bid }),
        });
      },
    },
    {
      name: 'POST request with a photo',
      kind: 'upload',
      weight: 1,
      run: (origin) => {
        const form = new FormData();
        form.set('property_id', String(project));
        form.set('type', 'Painting');
        form.set('description', 'Mix bench: scuffed hallway wall');
        form.set('priority', 'low');
        form.set('photos', new Blob([PHOTO], { type: 'image/png' }), 'wall.png');
        return fetch(`${origin}/api/requests/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${managerToken}` },
          body: form,
        });
      },
    },
  ];
}

/** Starts calls at RATE a second for SECONDS, spread over the origins, and waits for every answer. */
async function openLoop(calls: Call[], origins: string[]): Promise<Sample[]> {
  const wheel = calls.flatMap((call) => Array.from({ length: call.weight }, () => call));
  const total = RATE * SECONDS;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const began = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = began + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // A spread over the wheel that does not follow its order (7919 is prime to its length).
    const call = wheel[(n * 7919) % wheel.length]!;
    const started = performance.now();
    pending.push(
      call
        .run(origins[n % origins.length]!)
        .then(async (response) => {
          await response.arrayBuffer();
          samples.push({
            kind: call.kind,
            name: call.name,
            ms: performance.now() - started,
            status: response.status,
            at: started - began,
          });
        })
        .catch(() => {
          samples.push({
            kind: call.kind,
            name: call.name,
            ms: performance.now() - started,
            status: 0,
            at: started - began,
          });
        }),
    );
  }
  await Promise.all(pending);
  return samples;
}

function summary(label: string, samples: Sample[]): string[] {
  const lines: string[] = [];
  for (const kind of ['read', 'write', 'upload'] as const) {
    const of = samples.filter((sample) => sample.kind === kind);
    const times = of.map((sample) => sample.ms);
    const errors = of.filter((sample) => sample.status === 0 || sample.status >= 500).length;
    const refused = of.filter((sample) => sample.status >= 400 && sample.status < 500).length;
    const settled = of.filter((sample) => sample.at >= WARM_MS).map((sample) => sample.ms);
    lines.push(
      `| ${label} | ${kind}s | ${of.length} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.99).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${quantile(settled, 0.99).toFixed(1)} | ${errors} | ${refused} |`,
    );
  }
  return lines;
}

export async function runMixBench(options: { requests: number; vendors: number }): Promise<string> {
  const url = await postgresUrl(`fieldbid_bench_${options.requests}`);
  if (!url) return 'PostgreSQL is not reachable: no mixed-day figures.';
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url };
  delete env.DATA_DIR;
  seed(env, options.requests, options.vendors);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const lines: string[] = [];
  try {
    for (const processes of [1, 2]) {
      await db.query('delete from sessions where user_agent = $1', [BENCH_AGENT]);
      const servers: { origin: string; child: ChildProcess }[] = [];
      try {
        for (let n = 0; n < processes; n += 1) servers.push(await startServer(env, 8240 + n));
        const calls = await dayOf(db);
        console.log(`  ${processes} process(es): ${RATE} calls a second for ${SECONDS} s`);
        const samples = await openLoop(
          calls,
          servers.map((server) => server.origin),
        );
        const label = `${processes} process${processes === 1 ? '' : 'es'}`;
        lines.push(...summary(label, samples));
        for (const line of summary(label, samples)) console.log(`  ${line}`);
        for (let second = 0; second < SECONDS; second += 1) {
          const of = samples
            .filter((sample) => Math.floor(sample.at / 1000) === second)
            .map((sample) => sample.ms);
          process.stdout.write(`${second}s:${quantile(of, 0.99).toFixed(0)} `);
        }
        console.log('(p99 ms by second)');
        const refusedBy = new Map<string, number>();
        for (const sample of samples.filter((one) => one.status >= 400 && one.status < 500)) {
          const what = `${sample.name} ${sample.status}`;
          refusedBy.set(what, (refusedBy.get(what) ?? 0) + 1);
        }
        for (const [what, count] of refusedBy) console.log(`    refused: ${what} × ${count}`);
        const failed = samples.filter((sample) => sample.status === 0 || sample.status >= 500);
        for (const name of new Set(failed.map((sample) => sample.name)))
          console.log(`    errors on ${name}: ${failed.filter((sample) => sample.name === name).length}`);
      } finally {
        for (const server of servers) await stopServer(server.child);
      }
    }
  } finally {
    await db.query('delete from sessions where user_agent = $1', [BENCH_AGENT]).catch(() => {});
    await db.end();
  }
  return [
    `PostgreSQL, ${options.requests} requests; ${RATE} calls a second for ${SECONDS} s, arrivals on a fixed clock (open loop). Refused: 4xx answers (a bid on a request another vendor's award closed meanwhile, an award of a request already awarded).`,
    '',
    '| Servers | Class | Calls | p50 ms | p99 ms | max ms | p99 after 5 s | errors (5xx, none) | refused (4xx) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
