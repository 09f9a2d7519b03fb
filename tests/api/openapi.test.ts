import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/api-errors.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/*
 * GET /api/openapi.json: a valid OpenAPI 3.1 document naming every route the server
 * declares, with the auth schemes, generated from the routes' zod schemas; /api/docs renders it.
 */

/** Routes left out of the document on purpose, and why; nothing else may be. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /*': 'the built PWA: static files, and index.html for any other GET outside /api/',
  'GET /api/docs': 'the reference page itself (Swagger UI)',
  'GET /api/docs/static/index.html': "Swagger UI's own files",
  'GET /api/docs/static/swagger-initializer.js': "Swagger UI's own files",
  'GET /api/docs/static/*': "Swagger UI's own files",
  'GET /api/docs/json': 'the same document, for Swagger UI',
  'GET /api/docs/yaml': 'the same document as YAML',
};

/**
 * Routes that do not declare their schemas (docs/decisions/api-contract.md, "Contract"). Every group
 * has them now, so the list is empty and stays so: a new route without schemas fails the test below,
 * and so does a route named here once it has them.
 */
const WITHOUT_SCHEMAS = new Set<string>([]);

let t: TestApp;
let staticDir: string | undefined;
const routes: RouteOptions[] = [];
let document: OpenAPIV3_1.Document;
/** The same, as the validator takes it. */
let rawDocument: Record<string, unknown>;

beforeAll(async () => {
  // A built PWA, so the SPA catch-all is declared as in production.
  staticDir = await mkdtemp(join(tmpdir(), 'fieldbid-openapi-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>FieldBid</title>');
  // Stripe configured, so its webhook is declared too (nothing is sent to Stripe here).
  t = await startTestApp(
    {
      staticDir,
      stripe: {
        secretKey: 'sk_test_openapi',
        webhookSecret: 'whsec_openapi',
        apiHost: '127.0.0.1',
        apiPort: 9,
        apiProtocol: 'http',
      },
    },
    { onRoute: (route) => routes.push(route) },
  );
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  rawDocument = response.json<Record<string, unknown>>();
  document = response.json<OpenAPIV3_1.Document>();
});

afterAll(async () => {
  await t?.close();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

/** `METHOD /path` of every declared route, Fastify's automatic HEAD of a GET route left out. */
function declared(): Map<string, RouteOptions> {
  const found = new Map<string, RouteOptions>();
  for (const route of routes) {
    for (const method of [route.method].flat()) found.set(`${method} ${route.url}`, route);
  }
  for (const key of [...found.keys()]) {
    if (key.startsWith('HEAD ') && found.has(key.replace(/^HEAD /, 'GET '))) found.delete(key);
  }
  return found;
}

/** `/api/projects/:id/units/` as the document writes it: `/api/projects/{id}/units/`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

function operation(key: string): OpenAPIV3_1.OperationObject | undefined {
  const [method, url] = key.split(' ') as [string, string];
  const item = document.paths?.[documentPath(url)] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
  return item?.[method.toLowerCase()];
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(rawDocument));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every route the server declares, and none it does not', () => {
    const routeKeys = [...declared().keys()];
    const missing = routeKeys.filter((key) => !(key in NOT_DOCUMENTED) && !operation(key));
    expect(missing, 'routes missing from the document').toEqual([]);
    const stale = Object.keys(NOT_DOCUMENTED).filter((key) => !routeKeys.includes(key));
    expect(stale, 'NOT_DOCUMENTED names routes the server no longer declares').toEqual([]);
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declaredPaths = new Set(
      routeKeys.map((key) => {
        const [method, url] = key.split(' ') as [string, string];
        return `${method} ${documentPath(url)}`;
      }),
    );
    expect(documented.filter((key) => !declaredPaths.has(key))).toEqual([]);
  });

  it('declares params, input and answers for every route outside the groups still to do', () => {
    const lacking: string[] = [];
    for (const [key, route] of declared()) {
      if (key in NOT_DOCUMENTED) continue;
      const schema = route.schema as Record<string, unknown> | undefined;
      const hasResponses = schema?.response !== undefined;
      if (!hasResponses && !WITHOUT_SCHEMAS.has(key)) lacking.push(key);
      if (hasResponses && WITHOUT_SCHEMAS.has(key))
        lacking.push(`${key} (has schemas now: take it off WITHOUT_SCHEMAS)`);
      // A path parameter is declared by the route, not left to be guessed from its URL.
      if (hasResponses && /:\w/.test(route.url) && !schema?.params) lacking.push(`${key} (no params schema)`);
    }
    expect(lacking).toEqual([]);
  });

  it('describes how callers authenticate: session cookie with CSRF header, Bearer token, vendor API key', () => {
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'fieldbid_session' });
    expect(schemes.csrfToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-CSRFToken' });
    expect(schemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.vendorApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The vendor's own API takes a key; staff routes and the profile change never do.
    expect(operation('GET /api/vendor/jobs/')?.security).toContainEqual({ vendorApiKey: [] });
    expect(operation('GET /api/user-profile/')?.security).toContainEqual({ vendorApiKey: [] });
    expect(operation('PUT /api/user-profile/')?.security).not.toContainEqual({ vendorApiKey: [] });
    expect(operation('GET /api/admin/users/')?.security).not.toContainEqual({ vendorApiKey: [] });
    // A cookie-authenticated write needs the CSRF header; a public read needs nothing.
    expect(operation('PUT /api/user-profile/')?.security).toContainEqual({
      sessionCookie: [],
      csrfToken: [],
    });
    expect(operation('GET /api/vendor-plans/')?.security).toEqual([]);
    expect(operation('POST /stripe/webhook/')?.security).toEqual([]);
  });

  it('documents marking a thread read as a write of its own, and reading it without a mark_read switch', () => {
    const markRead = operation('POST /api/messages/read/');
    expect(markRead?.security).toContainEqual({ sessionCookie: [], csrfToken: [] });
    expect(markRead?.security).toContainEqual({ vendorApiKey: [] });
    expect(JSON.stringify(markRead?.requestBody)).toContain('"vendor"');
    const read = operation('GET /api/messages/');
    const names = (read?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.map((p) => p.name);
    expect(names?.sort()).toEqual(['request', 'vendor']);
  });

  it('names every error code of the shared list in its error schema', () => {
    const errorSchema = document.components?.schemas?.Error as OpenAPIV3_1.SchemaObject | undefined;
    expect(errorSchema, 'components.schemas.Error').toBeDefined();
    expect(JSON.stringify(errorSchema)).toContain(JSON.stringify(ERROR_CODES));
  });

  it('documents an id in a path as 1 to 9 digits, and the answers of the routes with schemas', () => {
    const units = operation('GET /api/projects/:id/units/');
    expect(units?.parameters).toContainEqual(
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ pattern: '^\\d{1,9}$' }),
      }),
    );
    expect(Object.keys(units?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });
});

describe('/api/docs', () => {
  it('serves the readable reference from its own files, under its own prefix only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\.\/static\//);
      const file = await t.app.inject({ method: 'GET', url: `/api/docs/${src!.slice(2)}` });
      expect(file.statusCode, src).toBe(200);
    }
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.json()).toEqual(
      JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body),
    );
  });
});
