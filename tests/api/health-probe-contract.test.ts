import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { buildTestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

// The health probes declare a 503 of their own (naming what is down). Whatever fails in front of a
// handler reaches the error handler, which answers the shared error body: on these routes too that
// answer must fit the declared 503, or the probe says 500 (FST_ERR_RESPONSE_SERIALIZATION) exactly
// when the database is lost. Here a hook in front fails as a lost connection does.

let database: Database;
let app: FastifyInstance;
const LOST = 'x-test-connection-lost';

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database,
    mailSender: false,
    deliveries: { runSender: false },
  });
  app.addHook('onRequest', async (request) => {
    if (request.headers[LOST]) {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a failure in front of a health probe', () => {
  it.each(['/api/health/', '/api/health/ready'])('%s answers 503 in the shared error shape', async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { [LOST]: '1' } });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({
      detail: 'The database is unavailable. Try again shortly.',
      code: 'DATABASE_UNAVAILABLE',
    });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
