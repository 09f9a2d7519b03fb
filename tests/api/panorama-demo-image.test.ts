import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANORAMA_DEMO_IMAGE_PATH } from '#shared/panorama.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// A built PWA next to the route, so the test also shows the SPA's wildcard and history fallback
// (which answer every other GET with index.html) do not shadow the picture.
let staticDir: string;
let t: TestApp;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'fieldbid-spa-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>FieldBid</title>');
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe(`GET ${PANORAMA_DEMO_IMAGE_PATH}`, () => {
  it('serves the demo equirectangular picture as a cacheable 2:1 PNG to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: PANORAMA_DEMO_IMAGE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = response.rawPayload;
    expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height right after the signature and the chunk's length and type.
    expect(body.readUInt32BE(16)).toBe(2 * body.readUInt32BE(20));
  });

  it('answers every request with the same bytes (drawn once per process)', async () => {
    const first = await t.app.inject({ method: 'GET', url: PANORAMA_DEMO_IMAGE_PATH });
    const second = await t.app.inject({ method: 'GET', url: PANORAMA_DEMO_IMAGE_PATH });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('leaves the history fallback to other paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/panorama' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const missing = await t.app.inject({ method: 'GET', url: '/static/panorama/other.png' });
    expect(missing.headers['content-type']).not.toBe('image/png');
  });
});
