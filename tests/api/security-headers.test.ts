import { createHash } from 'node:crypto';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories.ts';
import { signIn, signInWithToken } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let vendorEmail = '';

beforeAll(async () => {
  // One trusted proxy hop, so X-Forwarded-Proto can say the browser came over HTTPS.
  t = await startTestApp({ trustProxy: 1 });
  vendorEmail = (await makeUser(t.db)).email;
});
afterAll(async () => {
  await t.close();
});

/** The CSP's directives as a map: name → sources. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers on every answer', () => {
  it('sends the app policy, Permissions-Policy and COOP, also on errors', async () => {
    for (const url of ['/api/vendor-plans/', '/api/no-such-thing/']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(response.headers['permissions-policy']).toBe(
        'camera=(), microphone=(), geolocation=(self), payment=(), usb=()',
      );
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends Strict-Transport-Security only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is on https', async () => {
    const https = await startTestApp({ publicUrl: 'https://fieldbid.example' });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health/' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });

  it('gives the checkout pages their own policy allowing exactly their inline style', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/checkout/cs_local_unknown' });
    expect(response.statusCode).toBe(404);
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1];
    expect(style).toBeTruthy();
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual([
      `'sha256-${createHash('sha256').update(style!).digest('base64')}'`,
    ]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('Cache-Control on signed-in JSON', () => {
  it('is no-store for a session cookie and for a Bearer token that resolve to a user', async () => {
    const cookie = await signIn(t.app, vendorEmail);
    const byCookie = await cookie.get('/api/notifications/');
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['cache-control']).toBe('no-store');

    const { token } = await signInWithToken(t.app, vendorEmail);
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-plans/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.headers['cache-control']).toBe('no-store');
  });

  it('is left alone for visitors and for a token that resolves to nobody', async () => {
    const visitor = new TestClient(t.app, '10.7.0.1');
    await visitor.csrfToken();
    const answer = await visitor.get('/api/vendor-plans/');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBeUndefined();

    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-plans/',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(stale.headers['cache-control']).toBeUndefined();
  });

  it('keeps the event stream as it is (not JSON)', async () => {
    const client = await signIn(t.app, vendorEmail);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = get(`http://127.0.0.1:${port}/api/events/`, { headers: { cookie } }, resolve);
      request.on('error', reject);
    });
    response.destroy();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
