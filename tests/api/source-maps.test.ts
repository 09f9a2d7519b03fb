import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// A build in miniature that still holds source maps beside its scripts (a build made before the
// maps were moved out of dist/, or by hand): the server serves the scripts and never the maps.
const SHELL = '<!doctype html><title>FieldBid</title><div id="root"></div>';
const CHUNK = `export const chunk = "${'x'.repeat(4000)}";`;
const MAP = JSON.stringify({ version: 3, sources: ['../../src/app/secret-source.tsx'], mappings: 'AAAA' });

let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fieldbid-source-maps-'));
  writeFileSync(join(staticDir, 'index.html'), SHELL);
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(staticDir, 'sw.js.map'), MAP);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets/app-abc123.js'), CHUNK);
  writeFileSync(join(staticDir, 'assets/app-abc123.js.map'), MAP);
  writeFileSync(join(staticDir, 'assets/app-abc123.js.map.br'), brotliCompressSync(MAP));
  writeFileSync(join(staticDir, 'assets/app-abc123.js.map.gz'), gzipSync(MAP));
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('source maps', () => {
  it.each([
    '/sw.js.map',
    '/assets/app-abc123.js.map',
    '/assets/app-abc123.js.MAP',
    '/assets/app-abc123.js%2Emap',
    '/assets/../assets/app-abc123.js.map',
    '/assets/app-abc123.js.map?v=1',
  ])('GET %s is a 404, never the map nor the app', async (url) => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, `${url} ${encoding}`).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
  });

  it('leaves the scripts they describe served', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(CHUNK);
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(200);
  });
});
