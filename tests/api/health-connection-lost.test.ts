import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/auth/cookies.ts';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { CuttingProxy } from '../support/cutting-proxy.ts';
import { makeUser } from '../support/factories.ts';
import { PostgresDeployment } from '../support/postgres-deployment.ts';
import { signIn } from '../support/sign-in.ts';
import { buildTestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// PostgreSQL only (vitest.config.ts keeps it out of api-pglite): the app reaches its database
// through a proxy the test cuts, so the connections are lost under a query, as when PostgreSQL stops
// (a fast shutdown ends every backend's connection). A health probe must then answer its own 503,
// naming the database, whatever it carries: load balancers and browsers alike send cookies.

let deployment: PostgresDeployment;
let proxy: CuttingProxy;
let database: Database;
let app: FastifyInstance;
let signedIn: TestClient;
let watcher: pg.Client;

const DOWN = { status: 'unavailable', database: 'down', storage: 'ok' };
// A session cookie this process has not seen (an expired tab's): looking it up reads the database.
const STALE_COOKIE = { [SESSION_COOKIE]: 'a-session-this-process-has-never-seen' };

beforeAll(async () => {
  deployment = await PostgresDeployment.create();
  proxy = new CuttingProxy({ targetPort: Number(new URL(deployment.url).port || 5432), cutFor: () => null });
  await proxy.start();
  const url = deployment.urlThroughPort(proxy.port);
  // The lost connections are this test's doing: their log lines are not wanted.
  database = await openPostgresDatabase(url, { error: () => {} });
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined, databaseUrl: url },
    database,
    mailSender: false,
    deliveries: { runSender: false },
  });
  await app.ready();
  signedIn = await signIn(app, (await makeUser(deployment.db)).email);
  watcher = new pg.Client({ connectionString: deployment.url });
  await watcher.connect();
}, 90_000);

afterAll(async () => {
  await watcher?.end();
  await app?.close();
  await database?.close();
  await deployment?.dispose();
  await proxy?.stop();
});

/** Whether one of the app's queries waits on a lock in this database. */
async function aQueryWaitsOnALock(): Promise<boolean> {
  const { rows } = await watcher.query(
    "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
    [deployment.name],
  );
  return rows[0].n > 0;
}

function expectHealthAnswer(answer: LightMyRequestResponse, body: unknown): void {
  expect(answer.statusCode, answer.body).toBe(503);
  expect(answer.json()).toEqual(body);
  expect(answer.headers['cache-control']).toBe('no-store');
}

describe('GET /api/health/ while the connection to PostgreSQL is lost', () => {
  it('answers from its own checks, 503 naming the database, whatever cookie the probe carries', async () => {
    expect((await signedIn.get('/api/health/')).json()).toEqual({ status: 'ok' });

    // The sessions table is locked and the connection is cut once a query waits on it: a probe that
    // looked its stale cookie up first lost its connection under that lookup (500 before). It reads
    // no caller now, so it answers from its own checks (here before the cut).
    const locker = new pg.Client({ connectionString: deployment.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table sessions in access exclusive mode');
      const probe = app.inject({ method: 'GET', url: '/api/health/', cookies: STALE_COOKIE });
      let answered = false;
      void probe.then(() => {
        answered = true;
      });
      // The probe answers by itself, or one of its queries waits on the lock: then the cut comes.
      await expect.poll(async () => answered || (await aQueryWaitsOnALock()), { timeout: 15_000 }).toBe(true);
      proxy.cutOff();
      const answer = await probe;
      expect([200, 503], answer.body).toContain(answer.statusCode);
      expect(answer.json()).toEqual(answer.statusCode === 200 ? { status: 'ok' } : DOWN);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }

    // While it stays lost: every probe, with a session, a stale cookie or none.
    proxy.cutOff();
    expectHealthAnswer(await app.inject({ method: 'GET', url: '/api/health/' }), DOWN);
    expectHealthAnswer(await app.inject({ method: 'GET', url: '/api/health/', cookies: STALE_COOKIE }), DOWN);
    expectHealthAnswer(await signedIn.get('/api/health/'), DOWN);
    const ready = { status: 'unavailable', database: 'down' };
    expectHealthAnswer(
      await app.inject({ method: 'GET', url: '/api/health/ready', cookies: STALE_COOKIE }),
      ready,
    );
    expectHealthAnswer(await signedIn.get('/api/health/ready'), ready);

    // And once PostgreSQL answers again, so does the probe.
    proxy.restore();
    await expect
      .poll(async () => (await signedIn.get('/api/health/')).statusCode, { timeout: 15_000 })
      .toBe(200);
  });
});
