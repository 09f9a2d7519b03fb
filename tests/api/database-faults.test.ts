import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema/messages.ts';
import { CuttingProxy } from '../support/cutting-proxy.ts';
import { TEST_PASSWORD } from '../support/factories.ts';
import { HttpSession } from '../support/http-session.ts';
import { PostgresDeployment } from '../support/postgres-deployment.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import type { ServerProcess } from '../support/server-process.ts';

// PostgreSQL only (vitest.config.ts keeps it out of api-pglite): the real server process reaches
// its database through a proxy the test cuts, as a network partition or a database restart would.
const UNAVAILABLE = {
  detail: 'The database is unavailable. Try again shortly.',
  code: 'DATABASE_UNAVAILABLE',
};

let deployment: PostgresDeployment;
let proxy: CuttingProxy;
let server: ServerProcess;
let requestId: number;
let vendorEmail: string;

beforeAll(async () => {
  deployment = await PostgresDeployment.create();
  const world = await makeRequestWorld(deployment.db);
  const vendor = await makeVendor(deployment.db, { serviceCategories: ['Plumbing'] });
  vendorEmail = vendor.email;
  requestId = (
    await makeRequest(deployment.db, { createdById: world.manager.id, projectId: world.project.id })
  ).id;
  proxy = new CuttingProxy({ targetPort: Number(new URL(deployment.url).port || 5432), cutFor: () => null });
  await proxy.start();
  server = await deployment.startServer({ DATABASE_URL: deployment.urlThroughPort(proxy.port) });
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode !== null) console.log(server.output());
  await deployment?.dispose();
  await proxy?.stop();
});

interface Attempt {
  key: string;
  content: string;
  status: number;
  body: unknown;
  during: 'before' | 'cut' | 'after';
}

describe('the database goes away under load', () => {
  it('answers 503 JSON while it is gone, serves again within 5 s, and keeps every acknowledged write once', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const session = new HttpSession(base);
    expect(await session.login(vendorEmail, TEST_PASSWORD)).toBe(200);

    let phase: Attempt['during'] = 'before';
    let running = true;
    const attempts: Attempt[] = [];
    // Three writers, each posting messages one after the other with a fresh Idempotency-Key.
    const writer = async (name: string) => {
      for (let i = 0; running; i += 1) {
        const key = randomUUID();
        const content = `${name}-${i}`;
        const during = phase;
        const response = await session.send('POST', '/api/messages/', {
          json: { request: requestId, content },
          headers: { 'idempotency-key': key },
        });
        attempts.push({ key, content, status: response.status, body: await response.json(), during });
        if (response.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const writers = Promise.all(['a', 'b', 'c'].map(writer));

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    proxy.cutOff();
    phase = 'cut';
    await new Promise((resolve) => setTimeout(resolve, 500));
    const health = await fetch(`${base}/api/health/`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'ok' });
    const read = await session.send('GET', `/api/messages/?request=${requestId}`);
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual(UNAVAILABLE);
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    proxy.restore();
    phase = 'after';
    const restoredAt = Date.now();
    let servedAfterMs = Number.POSITIVE_INFINITY;
    while (Date.now() - restoredAt < 5_000) {
      const response = await session.send('GET', `/api/messages/?request=${requestId}`);
      await response.body?.cancel();
      if (response.status === 200) {
        servedAfterMs = Date.now() - restoredAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(servedAfterMs).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await writers;

    // Nothing but "written" and "database unavailable", and the process is still up.
    for (const attempt of attempts) {
      if (attempt.status === 503) expect(attempt.body).toEqual(UNAVAILABLE);
      else expect(attempt.status, JSON.stringify(attempt)).toBe(201);
    }
    expect(server.child.exitCode).toBeNull();
    const refused = attempts.filter((attempt) => attempt.status === 503);
    const acknowledged = attempts.filter((attempt) => attempt.status === 201);
    expect(refused.length).toBeGreaterThan(0);
    // Only the writes in flight at the moment of the cut (one per writer) started before it.
    expect(refused.filter((attempt) => attempt.during === 'before').length).toBeLessThanOrEqual(3);
    expect(acknowledged.filter((attempt) => attempt.during === 'before').length).toBeGreaterThan(3);
    expect(acknowledged.filter((attempt) => attempt.during === 'after').length).toBeGreaterThan(0);

    const rows = await deployment.db
      .select({ id: messages.id, content: messages.content })
      .from(messages)
      .where(eq(messages.requestId, requestId));
    const countOf = (content: string) => rows.filter((row) => row.content === content).length;
    for (const attempt of acknowledged) {
      expect(countOf(attempt.content), attempt.content).toBe(1);
      expect(rows.find((row) => row.content === attempt.content)?.id).toBe(
        (attempt.body as { id: number }).id,
      );
    }
    // A refused write is absent, unless the cut fell between its COMMIT and the answer to it: then
    // it is there once, and the client's retry with the same key gets the original answer.
    let committedButRefused = 0;
    for (const attempt of refused) {
      const count = countOf(attempt.content);
      expect(count, attempt.content).toBeLessThanOrEqual(1);
      if (count === 0) continue;
      committedButRefused += 1;
      const retry = await session.send('POST', '/api/messages/', {
        json: { request: requestId, content: attempt.content },
        headers: { 'idempotency-key': attempt.key },
      });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    // At most one write per writer was in flight when the connections were cut.
    expect(committedButRefused).toBeLessThanOrEqual(3);
    expect(rows.length).toBe(acknowledged.length + committedButRefused);
  }, 60_000);
});

describe('readiness while migrations run', () => {
  it('answers 503 "starting" until the migrations are done, then 200', async () => {
    const fresh = await PostgresDeployment.create({ migrated: false });
    // Holding the migration lock keeps the new process waiting in its migrations.
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(726351004)');
      const starting = await fresh.startServer({}, { waitForHealth: false });
      const url = `http://127.0.0.1:${starting.port}`;
      let ready: Response | null = null;
      // A new process compiles the server through tsx before it listens: many seconds on a busy machine.
      for (let i = 0; i < 600 && !ready; i += 1) {
        ready = await fetch(`${url}/api/health/ready`).catch(() => null);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready?.status).toBe(503);
      expect(await ready?.json()).toEqual({ status: 'starting' });
      const other = await fetch(`${url}/api/users/auth-status/`);
      expect(other.status).toBe(503);
      expect(await other.json()).toEqual({
        detail: 'The server is starting. Try again shortly.',
        code: 'STARTING',
      });

      await holder.query('select pg_advisory_unlock(726351004)');
      const deadline = Date.now() + 30_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await fetch(`${url}/api/health/ready`).catch(() => null))?.status ?? 0;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect(await (await fetch(`${url}/api/health/ready`)).json()).toEqual({ status: 'ready' });
    } finally {
      await holder.end();
      await fresh.dispose();
    }
  }, 240_000);
});
