import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { TEST_PASSWORD } from '../support/factories.ts';
import { HttpSession } from '../support/http-session.ts';
import { PostgresDeployment } from '../support/postgres-deployment.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { RestartableServer } from '../support/restartable-server.ts';
import { freePort } from '../support/server-process.ts';

// A crash (SIGKILL: no graceful shutdown) while messages are being written, on whichever database
// the project runs: after a restart on the same data, every write the server acknowledged is there
// exactly once, and a client's retry of an unanswered one with its Idempotency-Key makes it once.
const onPostgres = process.env.TEST_DB === 'postgres';
let server: RestartableServer;
let deployment: PostgresDeployment | undefined;
let requestId: number;
let vendorEmail: string;

async function makeFixtures(db: Db): Promise<void> {
  const world = await makeRequestWorld(db);
  vendorEmail = (await makeVendor(db, { serviceCategories: ['Plumbing'] })).email;
  requestId = (await makeRequest(db, { createdById: world.manager.id, projectId: world.project.id })).id;
}

beforeAll(async () => {
  if (onPostgres) {
    deployment = await PostgresDeployment.create();
    await makeFixtures(deployment.db);
    server = new RestartableServer(await freePort(), { DATABASE_URL: deployment.url });
  } else {
    server = new RestartableServer(await freePort());
    // The server's own data directory, migrated from the template and holding the fixtures
    // before it starts (a non-empty database gets no demo seed).
    const tarball = await readFile(inject('pgliteTemplate'));
    const database = await openPgliteDatabase(server.dataDir, { loadDataDir: new Blob([tarball]) });
    await makeFixtures(database.db);
    await database.close();
  }
  await server.start();
}, 120_000);

afterAll(async () => {
  await server?.dispose();
  await deployment?.dispose();
});

interface Attempt {
  key: string;
  content: string;
  status: number | 'no answer';
}

describe(`SIGKILL during writes (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged message after a restart, and a retried key writes once', async () => {
    const session = new HttpSession(server.url);
    expect(await session.login(vendorEmail, TEST_PASSWORD)).toBe(200);
    const attempts: Attempt[] = [];
    let running = true;
    const writer = async (name: string) => {
      for (let i = 0; running; i += 1) {
        const attempt: Attempt = { key: randomUUID(), content: `${name}-${i}`, status: 'no answer' };
        attempts.push(attempt);
        try {
          const response = await session.send('POST', '/api/messages/', {
            json: { request: requestId, content: attempt.content },
            headers: { 'idempotency-key': attempt.key },
          });
          attempt.status = response.status;
          await response.body?.cancel();
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Promise.all(['a', 'b', 'c'].map(writer));
    // Kill once a good number of writes were acknowledged, in the middle of the stream of writes.
    const deadline = Date.now() + 20_000;
    while (attempts.filter((attempt) => attempt.status === 201).length < 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await server.kill();
    running = false;
    await writers;
    await server.start();

    const acknowledged = attempts.filter((attempt) => attempt.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(attempts.every((attempt) => attempt.status === 201 || attempt.status === 'no answer')).toBe(true);
    const thread = async () => {
      const response = await session.send('GET', `/api/messages/?request=${requestId}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as Array<{ content: string }>).map((message) => message.content);
    };
    const afterRestart = await thread();
    for (const attempt of acknowledged) {
      expect(
        afterRestart.filter((content) => content === attempt.content),
        attempt.content,
      ).toHaveLength(1);
    }

    // The unanswered ones, retried as the offline outbox does: each ends up there once.
    for (const attempt of attempts.filter((attempt) => attempt.status === 'no answer')) {
      const retry = await session.send('POST', '/api/messages/', {
        json: { request: requestId, content: attempt.content },
        headers: { 'idempotency-key': attempt.key },
      });
      expect(retry.status).toBe(201);
    }
    const final = await thread();
    expect([...final].sort()).toEqual(attempts.map((attempt) => attempt.content).sort());
  }, 90_000);
});
