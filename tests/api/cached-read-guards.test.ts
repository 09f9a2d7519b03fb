import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedReadLoading, type WatchedLoad, watchCachedReads } from '#server/cache/cached-read.ts';
import { DEP_TABLES, type DepKind, tablesOf } from '#server/cache/read-deps.ts';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests, requestInvitations } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import {
  makeBid,
  makeProject,
  makeRequest,
  makeRequestWorld,
  makeVendor,
} from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { buildTestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { openTestDatabase } from '../support/test-database.ts';

// The two guards of the cached reads (cache/cached-read.ts, docs/decisions/cached-reads.md). Every
// cached read of the app is driven through its route by askers of every kind, with every read
// loading (watchCachedReads: nothing served from a cache) and the query log on:
// (a) each loader reads only tables its declared dependencies cover (cache/read-deps.ts), and each
//     table the declarations name is one whose triggers announce that kind of tag;
// (b) two calls that share a key got the same value, whoever asked.

let database: Database;
let app: FastifyInstance;
/** The queries each running load sent, by the read's name, until the load reports. */
const pending = new Map<string, string[]>();
const loads: (WatchedLoad & { queries: string[]; phase: 'read' | 'write' })[] = [];
let phase: 'read' | 'write' = 'read';
let stopWatching: () => void = () => {};

const askers: { name: string; client: TestClient }[] = [];
const calls: { asker: string; url: string }[] = [];
let requestA = 0;

/**
 * Tables a trigger-maintained table is derived from: written only by the triggers of that table,
 * so a dependency that covers the source covers it (the list counters, migration 0008).
 */
const DERIVED_FROM: Record<string, string> = {
  request_counts_by_type: 'maintenance_requests',
  request_counts_by_project: 'maintenance_requests',
};

/** The kinds each cache trigger function sends (read from the migrations that create them). */
function kindsSentBy(fn: string, args: string[]): DepKind[] {
  switch (fn) {
    case 'cache_notify_requests':
      return ['l', 'r'];
    case 'cache_notify_request_parts':
      return [
        'r',
        ...(args[0] === 'list_too' ? ['l' as const] : []),
        ...(args[0] === 'vendor_too' ? ['v' as const] : []),
      ];
    case 'cache_notify_column':
      return [args[0] as DepKind];
    case 'cache_notify_messages':
      return ['m', 'mc', 'mu'];
    case 'cache_notify_projects':
    case 'cache_notify_hotspots':
      return ['p'];
    case 'cache_notify_client_members':
      return ['cm'];
    case 'auth_notify_user_changed':
    case 'auth_notify_owner_changed':
      return ['u'];
    default:
      return [];
  }
}

/** A JSON answer that lists no row: `[]`, or a page whose `results` are empty. */
function listsNothing(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || !('json' in value)) return false;
  const body: unknown = JSON.parse(String(value.json));
  if (Array.isArray(body)) return body.length === 0;
  return typeof body === 'object' && body !== null && 'results' in body && Array.isArray(body.results)
    ? body.results.length === 0
    : false;
}

function noRecipients(value: unknown): boolean {
  return typeof value === 'object' &&
    value !== null &&
    'recipients' in value &&
    Array.isArray(value.recipients)
    ? value.recipients.length === 0
    : false;
}

function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return queryRows<Row>(database.db, query);
}

beforeAll(async () => {
  database = await openTestDatabase({
    logQuery: (query) => {
      const name = cachedReadLoading();
      if (name !== undefined) pending.set(name, [...(pending.get(name) ?? []), query]);
    },
  });
  const db = database.db;
  app = await buildTestApp({ config: { ...loadConfig({}), staticDir: undefined }, database });
  await app.ready();

  // Two clients, each with a property and managers; vendors that differ in one fact at a time.
  const a = await makeRequestWorld(db);
  const b = await makeRequestWorld(db);
  const managerA2 = await makeUser(db, { type: 'property_manager', clientId: a.client.id });
  const staff = await makeUser(db, { type: 'property_manager', isStaff: true });
  const plumber = await makeVendor(db, { serviceCategories: ['Plumbing'] });
  const plumber2 = await makeVendor(db, { serviceCategories: ['Plumbing'] });
  const electrician = await makeVendor(db, { serviceCategories: ['Electrical'] });
  const pending_ = await makeVendor(db, { serviceCategories: ['Plumbing'], approvedAt: null });
  const projectA2 = await makeProject(db, { clientId: a.client.id });

  const opened = new Date();
  requestA = (
    await makeRequest(db, { createdById: a.manager.id, projectId: a.project.id, openedToVendorsAt: opened })
  ).id;
  const requestB = await makeRequest(db, {
    createdById: b.manager.id,
    projectId: b.project.id,
    type: 'Electrical',
    openedToVendorsAt: opened,
    invited: [plumber.id],
  });
  await makeRequest(db, { createdById: plumber.id, projectId: projectA2.id, openedToVendorsAt: opened });
  // Enough rows that a deep page starts from an anchor (jobs-list/job-list-memo.ts).
  const bulk = await db
    .insert(maintenanceRequests)
    .values(
      Array.from({ length: 130 }, (_, i) => ({
        type: i % 2 === 0 ? ('Plumbing' as const) : ('Electrical' as const),
        description: `Bulk ${i}`,
        createdById: a.manager.id,
        projectId: a.project.id,
        openedToVendorsAt: opened,
      })),
    )
    .returning({ id: maintenanceRequests.id });
  // Every listed request names a vendor, so the manager pages read (and declare) the vendors' rows.
  await db
    .insert(requestInvitations)
    .values(bulk.map((row) => ({ requestId: row.id, vendorId: plumber2.id })));
  await makeBid(db, { requestId: requestA, vendorId: plumber.id, amount: 410 });
  await makeBid(db, { requestId: requestA, vendorId: plumber2.id, amount: 420 });
  await makeBid(db, { requestId: requestB.id, vendorId: plumber.id, amount: 430 });
  for (const user of [plumber, plumber2, a.manager, managerA2]) {
    await db.insert(notifications).values([
      { userId: user.id, title: `Read for ${user.id}`, isRead: true },
      { userId: user.id, title: `Unread for ${user.id}`, relatedRequestId: requestA },
    ]);
  }

  const people = {
    plumber,
    plumber2,
    electrician,
    pending: pending_,
    managerA: a.manager,
    managerA2,
    managerB: b.manager,
    staff,
  };
  for (const [name, user] of Object.entries(people))
    askers.push({ name, client: await signIn(app, user.email) });
  const vendors = ['plumber', 'plumber2', 'electrician', 'pending'];
  const managers = ['managerA', 'managerA2', 'managerB', 'staff'];
  const everyone = [...vendors, ...managers];
  const urls: [string[], string][] = [
    [vendors, '/api/vendor/jobs/?page=1'],
    [vendors, '/api/vendor/jobs/?page=6&page_size=20&ordering=-created_at'],
    [vendors, '/api/vendor/jobs/?page=3&page_size=50'],
    [vendors, '/api/vendor/jobs/?service_type=Plumbing&status=open'],
    [vendors, '/api/vendor/bids/'],
    [everyone, `/api/requests/${requestA}/`],
    [everyone, `/api/requests/${requestB.id}/`],
    [everyone, '/api/notifications/'],
    [everyone, '/api/notifications/?is_read=false'],
    [everyone, '/api/messages/conversations/'],
    [managers, '/api/property-manager/maintenance-requests/'],
    [managers, '/api/property-manager/maintenance-requests/?page=2&page_size=20'],
    [vendors, `/api/messages/?request=${requestA}`],
    [managers, `/api/messages/?request=${requestA}&vendor=${plumber.id}`],
  ];
  for (const [who, url] of urls) for (const asker of who) calls.push({ asker, url });

  stopWatching = watchCachedReads((load) => {
    loads.push({ ...load, queries: pending.get(load.name) ?? [], phase });
    pending.delete(load.name);
  });
  for (const call of calls) {
    const client = askers.find((asker) => asker.name === call.asker)!.client;
    const response = await client.get(call.url);
    expect([200, 403, 404], `${call.asker} ${call.url}`).toContain(response.statusCode);
  }
  // Writes read a thread's access with its recipients (forWrite): both directions.
  phase = 'write';
  const vendorClient = askers.find((asker) => asker.name === 'plumber')!.client;
  const managerClient = askers.find((asker) => asker.name === 'managerA')!.client;
  expect(
    (await vendorClient.post('/api/messages/', { request: requestA, content: 'Hello' })).statusCode,
  ).toBe(201);
  expect(
    (await managerClient.post('/api/messages/', { request: requestA, vendor: plumber.id, content: 'Hi' }))
      .statusCode,
  ).toBe(201);
  for (const asker of ['plumber', 'managerA']) {
    const client = askers.find((one) => one.name === asker)!.client;
    expect((await client.get('/api/messages/conversations/')).statusCode).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  stopWatching();
  await app?.close();
  await database?.close();
});

describe('cached reads', () => {
  it('drive every cached read of the app', () => {
    const names = new Set(loads.map((load) => load.name));
    expect([...names].sort()).toEqual([
      'conversations',
      'jobs list anchors',
      'jobs list count',
      'jobs page',
      'manager requests page',
      'my bids page',
      'notifications',
      'request detail',
      'thread access',
    ]);
  });

  it('(a) read only tables their declared dependencies cover', async () => {
    const tables = new Set(
      (
        await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
      ).map((row) => row.tablename),
    );
    const uncovered: string[] = [];
    for (const load of loads) {
      // An answer that lists nothing read no row past its driving table (the side's messages, the
      // vendor's bids, the scope's requests): the tables its rows would be joined to are not read.
      if (listsNothing(load.value)) {
        expect(load.deps.length, `${load.name} declares nothing`).toBeGreaterThan(0);
        continue;
      }
      const covered = tablesOf(load.deps);
      // The recipients' facts are read only for a write (`toManagers`/`toVendor`), with their `nf`.
      if (load.name === 'thread access' && noRecipients(load.value))
        for (const table of DEP_TABLES.nf) covered.add(table);
      const read = new Set<string>();
      for (const query of load.queries)
        for (const match of query.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
          const table = match[1]!.toLowerCase();
          if (tables.has(table)) read.add(table);
        }
      for (const table of read) {
        const source = DERIVED_FROM[table] ?? table;
        if (!covered.has(source))
          uncovered.push(
            `${load.name} reads ${table}, declared ${load.deps.map((dep) => dep.tag).join(' ')}`,
          );
      }
    }
    expect([...new Set(uncovered)]).toEqual([]);
    // The query log saw each read's queries (a page past a list's end may send none of its own).
    const queried = new Set(loads.filter((load) => load.queries.length > 0).map((load) => load.name));
    expect(queried.size).toBe(new Set(loads.map((load) => load.name)).size);
  });

  it('(a) name a table for a kind only where a trigger on it announces that kind', async () => {
    const triggers = await rows<{ table: string; fn: string; def: string }>(sql`
      select c.relname as "table", p.proname as fn, pg_get_triggerdef(t.oid) as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal`);
    const announced = new Set<string>();
    for (const trigger of triggers) {
      const args = [
        ...(trigger.def.match(/EXECUTE (?:FUNCTION|PROCEDURE) [a-z_.]+\((.*)\)/)?.[1] ?? '').matchAll(
          /'([^']*)'/g,
        ),
      ].map((match) => match[1]!);
      for (const kind of kindsSentBy(trigger.fn, args)) announced.add(`${kind} ${trigger.table}`);
    }
    const unannounced = Object.entries(DEP_TABLES).flatMap(([kind, tables]) =>
      tables.filter((table) => !announced.has(`${kind} ${table}`)).map((table) => `${kind} ${table}`),
    );
    expect(unannounced).toEqual([]);
  });

  it('(b) give one value to every asker that shares a key', () => {
    const seen = new Map<string, Set<string>>();
    for (const load of loads) {
      // A write changes what later reads show; only the thread access rows compare across them.
      if (load.phase === 'write' && load.name !== 'thread access') continue;
      const id = `${load.name} ${load.key}`;
      seen.set(id, (seen.get(id) ?? new Set()).add(JSON.stringify(load.value)));
    }
    const shared = [...seen.entries()].filter(([, values]) => values.size > 1).map(([id]) => id);
    expect(shared).toEqual([]);
    // The guard has something to compare: keys that several calls shared.
    expect(loads.length).toBeGreaterThan(seen.size);
  });
});
