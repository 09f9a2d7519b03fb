import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens.ts';
import { loginAttempts, sessions } from '#server/db/schema/sessions.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { buildTestApp, startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let addressCounter = 0;
/** Each test signs in from its own address so the per-address limit of one test never leaks into another. */
const newClient = () => new TestClient(t.app, `10.1.0.${++addressCounter}`);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health/', () => {
  it('answers ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('names the file store as down when it cannot be written, and the database as ok', async () => {
    const broken = await buildTestApp({
      config: t.app.config,
      database: t.database,
      mailSender: false,
      // A directory under a regular file can never be made.
      files: new LocalFileStore(join(fileURLToPath(import.meta.url), 'files')),
    });
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/health/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'down' });
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready once the app serves and the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('GET /api/get-csrf-token/', () => {
  it('starts a visitor session and returns its token, also as the csrftoken cookie', async () => {
    const client = newClient();
    const response = await client.get('/api/get-csrf-token/');
    expect(response.statusCode).toBe(200);
    const { csrfToken } = response.json<{ csrfToken: string }>();
    expect(csrfToken.length).toBeGreaterThanOrEqual(22);
    const cookies = response.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    expect(cookies.find((c) => c.name === 'fieldbid_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies.find((c) => c.name === 'csrftoken')?.httpOnly).toBeFalsy();
    expect(client.cookies.get('csrftoken')).toBe(csrfToken);
    // Asking again in the same session gives the same token.
    expect(await client.csrfToken()).toBe(csrfToken);
  });
});

describe('POST /api/users/login/', () => {
  it('signs in, answers the token and the user, and stores only a hash of the token', async () => {
    const user = await makeUser(t.db, { type: 'property_manager', firstName: 'Dana', lastName: 'Reyes' });
    const client = newClient();
    const visitorToken = await client.csrfToken();
    const visitorCookie = client.cookies.get('fieldbid_session')!;
    const response = await client.post('/api/users/login/', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Dana',
      lastName: 'Reyes',
      type: 'property_manager',
      is_staff: false,
      is_superuser: false,
      client: null,
    });
    // A new session id and a new CSRF token at login; the visitor session is gone.
    expect(client.cookies.get('fieldbid_session')).toBe(body.token);
    expect(body.token).not.toBe(visitorCookie);
    expect(client.cookies.get('csrftoken')).not.toBe(visitorToken);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(body.token));
    expect(rows[0]!.id).not.toBe(body.token);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(visitorCookie))),
    ).toHaveLength(0);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const user = await makeUser(t.db);
    const client = newClient();
    await client.csrfToken();
    const wrong = await client.post('/api/users/login/', { email: user.email, password: 'not the password' });
    const unknown = await client.post('/api/users/login/', {
      email: 'nobody@example.test',
      password: 'whatever1',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Invalid email or password.'] });
    }
    expect(client.cookies.has('fieldbid_session')).toBe(true);
  });

  it('answers field errors for missing email and password', async () => {
    const client = newClient();
    await client.csrfToken();
    const response = await client.post('/api/users/login/', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('refuses an account without a password yet, and a deactivated one', async () => {
    const noPassword = await makeUser(t.db, { password: null });
    const inactive = await makeUser(t.db, { isActive: false });
    const client = newClient();
    await client.csrfToken();
    const first = await client.post('/api/users/login/', {
      email: noPassword.email,
      password: TEST_PASSWORD,
    });
    const second = await client.post('/api/users/login/', { email: inactive.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(400);
  });

  it('asks an unconfirmed address to confirm before signing in', async () => {
    const user = await makeUser(t.db, { emailConfirmedAt: null });
    const client = newClient();
    await client.csrfToken();
    const response = await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EMAIL_NOT_CONFIRMED');
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the header', async () => {
    const client = newClient();
    await client.csrfToken();
    const response = await client.request('POST', '/api/users/login/', {
      json: { email: 'a@b.test', password: 'x' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
  });

  it('guards writes outside /api/ too (the spec puts resend at /users/...)', async () => {
    const client = newClient();
    await client.csrfToken();
    const response = await client.request('POST', '/users/resend-validation-email/', {
      json: { email: 'a@b.test' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a write with no session at all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { 'x-csrftoken': 'anything' },
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses another session's token and the pre-login token after login", async () => {
    const user = await makeUser(t.db);
    const other = newClient();
    const otherToken = await other.csrfToken();
    const client = newClient();
    const preLogin = await client.csrfToken();
    expect(
      (await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    for (const token of [otherToken, preLogin]) {
      const response = await client.request('POST', '/api/users/logout/', {
        csrf: false,
        headers: { 'x-csrftoken': token },
      });
      expect(response.statusCode).toBe(403);
    }
    // Still signed in: the refused logouts changed nothing.
    expect((await client.get('/api/users/auth-status/')).json().isAuthenticated).toBe(true);
  });

  it('accepts a bearer token without a CSRF header', async () => {
    const user = await makeUser(t.db);
    const client = newClient();
    const { token } = (await client.login(user.email, TEST_PASSWORD)).json<{ token: string }>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
  });
});

describe('login rate limit', () => {
  it('blocks an account after 10 failures in 15 minutes, even with the right password', async () => {
    const user = await makeUser(t.db);
    const client = newClient();
    await client.csrfToken();
    for (let i = 0; i < 10; i++) {
      const response = await client.post('/api/users/login/', { email: user.email, password: `wrong-${i}` });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().non_field_errors).toEqual([
      'Too many failed login attempts. Please wait 15 minutes and try again.',
    ]);
    expect(blocked.headers['retry-after']).toBe('900');
    // From another address the account is still blocked: the limit is per account too.
    const elsewhere = newClient();
    expect((await elsewhere.login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('lets the account in again once the failures are older than the window', async () => {
    const user = await makeUser(t.db);
    const client = newClient();
    await client.csrfToken();
    for (let i = 0; i < 10; i++)
      await client.post('/api/users/login/', { email: user.email, password: 'wrong' });
    await t.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.email, user.email));
    expect(
      (await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('blocks an address after 50 failures across accounts, whatever X-Forwarded-For says', async () => {
    const victim = await makeUser(t.db);
    // Ten real accounts, five wrong guesses each: under each account's limit, fifty for the address.
    // (Unknown addresses would cost a full-strength scrypt each, which made this test slow.)
    const guessed = await Promise.all(Array.from({ length: 10 }, () => makeUser(t.db)));
    const client = newClient();
    await client.csrfToken();
    for (let i = 0; i < 50; i++) {
      await client.post('/api/users/login/', { email: guessed[i % 10]!.email, password: 'wrong' });
    }
    const forged = await client.post(
      '/api/users/login/',
      { email: victim.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(forged.statusCode).toBe(429);
    // Another address is not affected.
    expect((await newClient().login(victim.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('GET /api/users/auth-status/', () => {
  it('says not authenticated without a session', async () => {
    const response = await newClient().get('/api/users/auth-status/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('describes the signed-in user, by cookie and by bearer token', async () => {
    const user = await makeUser(t.db, { isStaff: true, isSuperuser: true, type: null });
    const client = newClient();
    const { token } = (await client.login(user.email, TEST_PASSWORD)).json<{ token: string }>();
    const byCookie = await client.get('/api/users/auth-status/');
    expect(byCookie.json()).toMatchObject({
      isAuthenticated: true,
      user: { id: user.id, type: null, is_staff: true, is_superuser: true },
    });
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth-status/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.json().user.id).toBe(user.id);
  });
});

describe('POST /api/users/logout/', () => {
  it('ends the session on the server', async () => {
    const user = await makeUser(t.db);
    const client = newClient();
    const { token } = (await client.login(user.email, TEST_PASSWORD)).json<{ token: string }>();
    const staleCookie = client.cookies.get('fieldbid_session')!;
    const response = await client.post('/api/users/logout/');
    expect(response.statusCode).toBe(200);
    expect(client.cookies.has('fieldbid_session')).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // Replaying the old cookie or the old token gets nobody.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth-status/',
      headers: { cookie: `fieldbid_session=${staleCookie}` },
    });
    expect(replay.json().isAuthenticated).toBe(false);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth-status/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.json().isAuthenticated).toBe(false);
  });
});

describe('session expiry', () => {
  async function signedIn() {
    const user = await makeUser(t.db);
    const client = newClient();
    const { token } = (await client.login(user.email, TEST_PASSWORD)).json<{ token: string }>();
    return { client, id: hashToken(token) };
  }

  it('keeps a session used within the idle limit', async () => {
    const { client, id } = await signedIn();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * 24 * 3600_000) })
      .where(eq(sessions.id, id));
    expect((await client.get('/api/users/auth-status/')).json().isAuthenticated).toBe(true);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('ends a session idle for more than 14 days', async () => {
    const { client, id } = await signedIn();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 24 * 3600_000) })
      .where(eq(sessions.id, id));
    const response = await client.get('/api/users/auth-status/');
    expect(response.json().isAuthenticated).toBe(false);
    expect(client.cookies.has('fieldbid_session')).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it('ends a session past its absolute expiry even when in use', async () => {
    const { client, id } = await signedIn();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect((await client.get('/api/users/auth-status/')).json().isAuthenticated).toBe(false);
  });
});

describe('cookies behind HTTPS', () => {
  it('marks both cookies Secure when configured', async () => {
    const secure = await startTestApp({ cookieSecure: true });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/get-csrf-token/' });
      const cookies = response.cookies as Array<{ name: string; secure?: boolean }>;
      expect(cookies.map((c) => [c.name, c.secure])).toEqual([
        ['fieldbid_session', true],
        ['csrftoken', true],
      ]);
    } finally {
      await secure.close();
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, not the app shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
