import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ASSETS } from '#shared/viewer-assets.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// A built PWA with the three viewer files, so the test also shows the SPA's wildcard and history
// fallback (index.html for any other GET) answer none of them, nor any other /static/ path.
const FILES = [
  {
    path: VIEWER_ASSETS.core,
    body: 'window.FieldBidViewer={createViewer(){}};',
    type: 'application/javascript; charset=utf-8',
  },
  {
    path: VIEWER_ASSETS.init,
    body: 'window.FieldBidViewer.mount=function(){};',
    type: 'application/javascript; charset=utf-8',
  },
  { path: VIEWER_ASSETS.styles, body: '.fbv-stage{position:absolute}', type: 'text/css; charset=utf-8' },
];
/** Computed here from the rule (SHA-256, base64url, 16 characters), not by the server's own function. */
const versionOf = (body: string) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fieldbid-viewer-assets-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>FieldBid</title>');
  for (const file of FILES) {
    mkdirSync(dirname(join(staticDir, file.path)), { recursive: true });
    writeFileSync(join(staticDir, file.path), file.body);
  }
  // Beside them in the build, but not one of the three: still not served.
  writeFileSync(join(staticDir, 'static/js/other.js'), 'alert(1)');
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe.each(FILES)('GET $path', ({ path, body, type }) => {
  const etag = `"${versionOf(body)}"`;

  it('answers the built file with its content type, a content ETag, and revalidation by its stable name', async () => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.body).toBe(body);
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Other sites load them too (the read-only embed).
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is cached for a year when asked by its current version, and revalidated by any other', async () => {
    const current = await t.app.inject({ method: 'GET', url: `${path}?v=${versionOf(body)}` });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.body).toBe(body);
    const stale = await t.app.inject({ method: 'GET', url: `${path}?v=AAAAAAAAAAAAAAAA` });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 without a body to its ETag, and the file to another', async () => {
    const same = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    const listed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': `"old", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"old"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(body);
  });

  it('answers HEAD with the same headers', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(type);
    expect(head.headers.etag).toBe(etag);
  });
});

describe('other paths under /static/', () => {
  it.each([
    '/static/js/other.js',
    '/static/js/interactive-viewer.js.map',
    '/static/css/app.css',
    '/static/',
    '/static',
    '/static/js/',
    '/static/a/b/c.png',
  ])('%s is a 404, never the app', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('leaves the history fallback to the app routes', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/property-manager/1/asbuilds' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('without a build', () => {
  it('answers 404 for the viewer files', async () => {
    const bare = await startTestApp();
    try {
      for (const { path } of FILES) {
        const response = await bare.app.inject({ method: 'GET', url: path });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
      }
    } finally {
      await bare.close();
    }
  });
});
