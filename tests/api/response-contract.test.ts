import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses, sendJsonText } from '#server/http/route-schemas.ts';
import { type ResponseContract, responseContract } from '../support/response-contract.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The helper every API test app runs (tests/support/response-contract.ts) must be able to fail: an
 * answer that breaks its route's schema turns into a 500 naming the break, and is recorded. Routes
 * made here for the purpose, on the real app (its zod compilers and error handler).
 */

let database: Database;
let app: FastifyInstance;
let contract: ResponseContract;

const itemSchema = z.object({ id: z.number().int(), name: z.string() });

beforeAll(async () => {
  database = await openTestDatabase();
  contract = responseContract();
  app = await buildApp({
    config: { ...loadConfig({}), staticDir: undefined },
    database,
    mailSender: false,
    onRoute: contract.onRoute,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { ...errorResponses, 200: itemSchema } };
  api.get('/api/contract-test/typed/', { schema }, async () => ({ id: 1, name: 'one' }));
  // A handler that sends more than its schema names (only possible past the types).
  api.get('/api/contract-test/extra/', { schema }, async () => {
    const row = { id: 2, name: 'two', secret: 'x' };
    return row;
  });
  // Cached pages are pre-serialized text: the serializer never sees them.
  api.get('/api/contract-test/cached/', { schema }, async (_request, reply) =>
    sendJsonText(reply, '{ "id" : 3,  "name": "three" }'),
  );
  api.get('/api/contract-test/cached-broken/', { schema }, async (_request, reply) =>
    sendJsonText(reply, '{"id": "4", "name": "four", "extra": true}'),
  );
  api.get('/api/contract-test/undeclared-status/', { schema }, async (_request, reply) =>
    sendJsonText(reply.code(202), '{"id": 5, "name": "five"}'),
  );
  // A route without schemas yet: its errors must still have the shared shape and a shared code.
  app.get('/api/contract-test/odd-error/', async () => {
    throw new HttpError(409, { detail: 'Odd.', code: 'NOT_A_CODE' as never });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (path: string) => app.inject({ method: 'GET', url: `/api/contract-test/${path}/` });

describe('the response contract of the API test apps', () => {
  it('passes an answer that matches its schema', async () => {
    const response = await get('typed');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'one' });
  });

  it('passes a pre-serialized answer that matches, sent byte for byte (the serializer skips strings)', async () => {
    const response = await get('cached');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{ "id" : 3,  "name": "three" }');
  });

  it('fails a handler whose fields the schema silently dropped', async () => {
    const response = await get('extra');
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toContain('dropped or changed what the handler sent');
  });

  it('fails a pre-serialized answer that breaks the schema', async () => {
    const response = await get('cached-broken');
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toContain('breaks its 200 schema');
  });

  it('fails a JSON answer whose status the route does not declare', async () => {
    const response = await get('undeclared-status');
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toContain('status 202 is not among');
  });

  it('fails an error answer with a code outside the shared list, on a route without schemas', async () => {
    const response = await get('odd-error');
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toContain('outside the shared error shape');
  });

  it('keeps every violation for the test app to fail on at close', () => {
    expect(contract.violations).toHaveLength(4);
    contract.violations.length = 0;
  });
});
