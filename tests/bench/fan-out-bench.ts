// Many at once, on PostgreSQL with the bench data: a request open to a trade of 2,000 vendors (its
// answer, and how long until every vendor's notice exists), then 10,000 open event streams on one
// server process (its memory, a message's trip to both sides of its thread, a new job's trip to
// every connected vendor of its trade), then streams that go away (memory after rounds of connect
// and drop). Prints a table; `npm run bench -- --fanout` writes it to docs/quality.md.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type ClientRequest, get } from 'node:http';
import pg from 'pg';
import { postgresUrl, seed, startServer, stopServer } from './api-bench.ts';
import { sessionsFor } from './bench-sessions.ts';

const TRADE = 'Fire Protection';
const OTHER_TRADE = 'Landscaping';
const TRADE_VENDORS = 2_000;
const STREAMS = 10_000;
const BENCH_AGENT = 'fan-out bench';
const VENDOR = 'vendor@demo.local';

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The server process's resident memory, from /proc. */
function rss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb * 1024;
}

const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Vendors of the bench made here (approved, one trade each), once; answers their ids by trade. */
async function ensureStreamVendors(db: pg.Client): Promise<{ trade: number[]; other: number[] }> {
  for (const [prefix, trade, count] of [
    ['fanout-trade', TRADE, TRADE_VENDORS],
    ['fanout-other', OTHER_TRADE, STREAMS - TRADE_VENDORS],
  ] as const) {
    await db.query(
      `insert into users (email, first_name, last_name, type, email_confirmed_at)
       select $1 || '-' || g || '@bench.local', 'Fan', 'Out ' || g, 'vendor', now()
       from generate_series(1, $2::int) g
       on conflict do nothing`,
      [prefix, count],
    );
    await db.query(
      `insert into vendor_profiles (user_id, company_name, service_categories, approved_at)
       select id, 'Fan-out ' || id, array[$2]::text[], now() from users
       where email like $1 || '-%@bench.local'
       on conflict do nothing`,
      [prefix, trade],
    );
  }
  const ids = async (prefix: string) =>
    (
      await db.query<{ id: number }>(
        `select id from users where email like $1 || '-%@bench.local' order by id`,
        [prefix],
      )
    ).rows.map((row) => row.id);
  return { trade: await ids('fanout-trade'), other: await ids('fanout-other') };
}

/** An open GET /api/events/ read as text; `onEvent` sees each event block as it arrives. */
class Stream {
  private request: ClientRequest | null = null;
  private buffer = '';

  constructor(
    private readonly origin: string,
    private readonly token: string,
    private readonly onEvent: (block: string) => void,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.request = get(
        `${this.origin}/api/events/`,
        { headers: { authorization: `Bearer ${this.token}` }, agent: false },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`stream answered ${response.statusCode}`));
            return;
          }
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            this.buffer += chunk;
            let end = this.buffer.indexOf('\n\n');
            while (end !== -1) {
              const block = this.buffer.slice(0, end);
              this.buffer = this.buffer.slice(end + 2);
              if (block.includes(': connected')) resolve();
              else if (block.startsWith('event: ')) this.onEvent(block);
              end = this.buffer.indexOf('\n\n');
            }
          });
          response.on('error', () => {});
        },
      );
      this.request.on('error', reject);
    });
  }

  close(): void {
    this.request?.destroy();
  }
}

async function openAll(streams: Stream[], atOnce = 200): Promise<void> {
  for (let start = 0; start < streams.length; start += atOnce) {
    await Promise.all(streams.slice(start, start + atOnce).map((stream) => stream.open()));
  }
}

async function post(origin: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as { id: number };
}

export async function runFanOutBench(options: { requests: number; vendors: number }): Promise<string> {
  const url = await postgresUrl(`fieldbid_bench_${options.requests}`);
  if (!url) return 'PostgreSQL is not reachable: no fan-out figures.';
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url };
  delete env.DATA_DIR;
  console.log('Fan-out: seeding (or reusing) the bench data');
  seed(env, options.requests, options.vendors);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const rows: string[] = [];
  const row = (name: string, value: string) => {
    rows.push(`| ${name} | ${value} |`);
    console.log(`  ${name}: ${value}`);
  };
  const { origin, child } = await startServer(env, 8230);
  try {
    await db.query('delete from sessions where user_agent = $1', [BENCH_AGENT]);
    const vendors = await ensureStreamVendors(db);
    const [manager] = (
      await db.query<{ id: number; project: number }>(
        `select u.id, p.id as project from users u join projects p on p.client_id = u.client_id
         where u.email = 'bench-manager@bench.local' order by p.id limit 1`,
      )
    ).rows;
    const [demoVendor] = (await db.query<{ id: number }>('select id from users where email = $1', [VENDOR]))
      .rows;
    if (!manager || !demoVendor) throw new Error('the bench manager or the demo vendor is missing');
    const matching = Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from users u join vendor_profiles v on v.user_id = u.id
           where u.type = 'vendor' and u.is_active and v.approved_at is not null
             and v.service_categories @> array[$1]::text[]`,
          [TRADE],
        )
      ).rows[0]!.n,
    );
    const tokens = await sessionsFor(db, BENCH_AGENT, [
      manager.id,
      demoVendor.id,
      ...vendors.trade,
      ...vendors.other,
    ]);
    const managerToken = tokens.get(manager.id)!;
    const newJobs = async (requestId: number) =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from notifications where related_request_id = $1 and kind = 'new_job'`,
            [requestId],
          )
        ).rows[0]!.n,
      );
    const raise = (type: string, n: number) =>
      post(origin, managerToken, '/api/requests/', {
        type,
        description: `Fan-out bench ${n}`,
        priority: 'urgent',
        property_id: manager.project,
      });

    // A request open to the trade: its answer, and until its last vendor's notice exists.
    const answers: number[] = [];
    const told: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const started = performance.now();
      const created = await raise(TRADE, n);
      answers.push(performance.now() - started);
      await waitUntil(async () => (await newJobs(created.id)) >= matching, 30_000, 'the notices');
      told.push(performance.now() - started);
    }
    const lonely: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const started = performance.now();
      await raise('Other', n);
      lonely.push(performance.now() - started);
    }
    row(
      `POST request open to ${TRADE} (${matching} vendors), 20 in turn`,
      `p50 ${ms(quantile(answers, 0.5))}, p99 ${ms(quantile(answers, 0.99))}`,
    );
    row(
      'the same for a trade of no vendor',
      `p50 ${ms(quantile(lonely, 0.5))}, p99 ${ms(quantile(lonely, 0.99))}`,
    );
    row(
      `until all ${matching} notices exist (from the POST)`,
      `p50 ${ms(quantile(told, 0.5))}, max ${ms(Math.max(...told))}`,
    );

    // 10,000 streams: one per vendor of the bench, 2,000 of them of the trade.
    const beforeStreams = rss(child);
    const arrivals = new Map<number, number>();
    let watchedRequest = -1;
    const streams = [...vendors.trade, ...vendors.other].map(
      (userId) =>
        new Stream(origin, tokens.get(userId)!, (block) => {
          if (watchedRequest > 0 && block.includes(`"related_request":${watchedRequest}}`))
            if (!arrivals.has(userId)) arrivals.set(userId, performance.now());
        }),
    );
    const opening = performance.now();
    await openAll(streams);
    const opened = performance.now() - opening;
    await sleep(2_000);
    const withStreams = rss(child);
    row(`${STREAMS} streams opened`, `in ${(opened / 1000).toFixed(1)} s`);
    row(
      'server memory before and with them (RSS)',
      `${mb(beforeStreams)} → ${mb(withStreams)} (+${mb(withStreams - beforeStreams)})`,
    );

    // A message's trip to both sides of its thread (the demo vendor and a manager of the request).
    const [thread] = (
      await db.query<{ request: number; manager: number }>(
        `select r.id as request, u.id as manager from maintenance_requests r
         join projects p on p.id = r.project_id join users u on u.client_id = p.client_id
         join vendor_profiles v on v.user_id = $1
         where u.type = 'property_manager' and r.status = 'open' and r.opened_to_vendors_at is not null
           and (r.invite_all or r.type = any(v.service_categories))
         order by r.id desc limit 1`,
        [demoVendor.id],
      )
    ).rows;
    if (!thread) throw new Error('no open request the demo vendor may write on');
    const sideTokens = await sessionsFor(db, BENCH_AGENT, [thread.manager]);
    const seen = new Map<string, number>();
    const sides = [tokens.get(demoVendor.id)!, sideTokens.get(thread.manager)!].map(
      (token, side) =>
        new Stream(origin, token, (block) => {
          const marker = /bench-message-(\d+)/.exec(block)?.[1];
          if (block.startsWith('event: message') && marker) seen.set(`${side}:${marker}`, performance.now());
        }),
    );
    await openAll(sides);
    const trips: number[] = [];
    for (let n = 0; n < 100; n += 1) {
      const started = performance.now();
      await post(origin, tokens.get(demoVendor.id)!, '/api/messages/', {
        request: thread.request,
        content: `bench-message-${n}`,
      });
      await waitUntil(() => seen.has(`0:${n}`) && seen.has(`1:${n}`), 10_000, 'a message on both sides');
      trips.push(Math.max(seen.get(`0:${n}`)!, seen.get(`1:${n}`)!) - started);
    }
    row(
      'message from the POST to both sides’ streams, 100 in turn',
      `p50 ${ms(quantile(trips, 0.5))}, p99 ${ms(quantile(trips, 0.99))}`,
    );

    // A new job reaches every connected vendor of its trade.
    const started = performance.now();
    const created = await raise(TRADE, 99);
    watchedRequest = created.id;
    await waitUntil(
      () => vendors.trade.every((userId) => arrivals.has(userId)),
      30_000,
      'the new job on every stream of the trade',
    );
    const last = Math.max(...vendors.trade.map((userId) => arrivals.get(userId)!)) - started;
    row(`new job on all ${vendors.trade.length} connected streams of the trade`, `last at ${ms(last)}`);
    const strangers = vendors.other.filter((userId) => arrivals.has(userId)).length;
    row('…and on streams of another trade', String(strangers));

    // Streams that go away.
    for (const stream of [...streams, ...sides]) stream.close();
    await sleep(3_000);
    const afterClose = rss(child);
    for (let round = 0; round < 10; round += 1) {
      const batch = vendors.other
        .slice(round * 500, round * 500 + 1_000)
        .map((userId) => new Stream(origin, tokens.get(userId)!, () => {}));
      await openAll(batch);
      for (const stream of batch) stream.close();
      await sleep(500);
    }
    await sleep(3_000);
    const afterRounds = rss(child);
    row('memory after closing them all', mb(afterClose));
    row(
      'after 10 rounds of 1,000 streams opened and dropped',
      `${mb(afterRounds)} (${afterRounds >= afterClose ? '+' : '−'}${mb(Math.abs(afterRounds - afterClose))})`,
    );
  } finally {
    await stopServer(child);
    await db.query('delete from sessions where user_agent = $1', [BENCH_AGENT]).catch(() => {});
    await db.end();
  }
  return `| Figure (PostgreSQL, ${options.requests} requests, one server process) | Value |\n|---|---|\n${rows.join('\n')}`;
}
