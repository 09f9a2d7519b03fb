import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '#shared/prerendered-pages.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// A build in miniature: the shell, the prerendered public pages and a hashed chunk with the
// brotli and gzip copies scripts/precompress-plugin.ts writes beside each text file.
const SHELL = '<!doctype html><title>FieldBid</title><div id="root"></div>';
const pageHtml = (path: string) => `<!doctype html><div id="root" data-prerendered="${path}">${path}</div>`;
const CHUNK = `export const chunk = "${'x'.repeat(4000)}";`;

let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fieldbid-prerendered-'));
  writeFileSync(join(staticDir, 'index.html'), SHELL);
  mkdirSync(join(staticDir, 'pages'));
  for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
    writeFileSync(join(staticDir, file), pageHtml(path));
    writeFileSync(join(staticDir, `${file}.br`), brotliCompressSync(pageHtml(path)));
  }
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets/app-abc123.js'), CHUNK);
  writeFileSync(join(staticDir, 'assets/app-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(join(staticDir, 'assets/app-abc123.js.gz'), gzipSync(CHUNK));
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('prerendered public pages', () => {
  it.each(Object.keys(PRERENDERED_PAGES))('GET %s answers its own HTML, revalidated', async (path) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(pageHtml(path));
  });

  it('keeps the query string out of the choice and answers HEAD', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login?next=%2Fvendor%2Fjobs' })).body).toBe(
      pageHtml('/login'),
    );
    const head = await t.app.inject({ method: 'HEAD', url: '/signup' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers every other route of the app with the shell, and /api/ never', async () => {
    for (const path of [
      '/vendor/jobs',
      '/login/extra',
      '/set-password/abc',
      '/owner-approval/abc',
      '/no-such-page',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toBe(SHELL);
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-route/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves no inline script a Content-Security-Policy would refuse', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('precompressed build files', () => {
  it('sends the brotli copy to a browser that accepts it (pages too), gzip to one that takes only that', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(CHUNK);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    for (const path of ['/', '/login']) {
      const page = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.rawPayload).toString(), path).toBe(pageHtml(path));
    }

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });
});
