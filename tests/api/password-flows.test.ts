import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken, PASSWORD_TOKEN_LIFETIMES_MS } from '#server/auth/password-tokens.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { hashToken } from '#server/auth/tokens.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { passwordTokens, users } from '#server/db/schema/users.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

const RESET_MESSAGE = 'If an account exists with this email, you will receive password reset instructions.';

let t: TestApp;
let addressCounter = 0;
const newClient = async () => {
  const client = new TestClient(t.app, `10.4.0.${++addressCounter}`);
  await client.csrfToken();
  return client;
};

/** A token of `purpose` issued `agoMs` ago (the callers pass more than its lifetime). */
const expiredToken = (userId: number, purpose: Parameters<typeof issuePasswordToken>[2], agoMs: number) =>
  issuePasswordToken(t.db, userId, purpose, new Date(Date.now() - agoMs));

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The token inside the last mail's link to `to`. */
async function tokenFromMail(to: string, pattern: RegExp): Promise<string> {
  const mails = await mailsTo(to);
  const last = mails.at(-1)!;
  const match = last.textBody.match(pattern);
  expect(match).not.toBeNull();
  expect(last.htmlBody).toContain(match![0]);
  return decodeURIComponent(match![1]!);
}

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://fieldbid.example' });
});
afterAll(async () => {
  await t.close();
});

describe('password tokens', () => {
  it('are stored hashed with the purpose lifetimes', async () => {
    const user = await makeUser(t.db);
    const token = await issuePasswordToken(t.db, user.id, 'reset_password');
    const [row] = await t.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, hashToken(token)));
    expect(row!.tokenHash).not.toBe(token);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 60 * 60_000)).toBeLessThan(5_000);
    expect(PASSWORD_TOKEN_LIFETIMES_MS).toEqual({
      set_password: 7 * 24 * 3_600_000,
      reset_password: 3_600_000,
      confirm_email: 3 * 24 * 3_600_000,
    });
  });
});

describe('GET /api/users/validate-password-token/{token}/', () => {
  it('accepts set and reset tokens', async () => {
    const user = await makeUser(t.db, { password: null });
    const client = await newClient();
    for (const purpose of ['set_password', 'reset_password'] as const) {
      const token = await issuePasswordToken(t.db, user.id, purpose);
      const response = await client.get(`/api/users/validate-password-token/${token}/`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true, purpose });
    }
  });

  it('refuses unknown, expired, used and confirm tokens with 400 {error, valid:false}', async () => {
    const user = await makeUser(t.db, { password: null });
    const client = await newClient();
    const expired = await expiredToken(user.id, 'set_password', 8 * 86_400_000);
    const used = await issuePasswordToken(t.db, user.id, 'set_password');
    await t.db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(eq(passwordTokens.tokenHash, hashToken(used)));
    const confirm = await issuePasswordToken(t.db, user.id, 'confirm_email');
    for (const token of ['nonsense', expired, used, confirm]) {
      const response = await client.get(`/api/users/validate-password-token/${token}/`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid or expired token', valid: false });
    }
  });
});

describe('set password, then confirm email', () => {
  it('sets the password, consumes the token and mails a confirm link that activates the address', async () => {
    const user = await makeUser(t.db, { password: null, emailConfirmedAt: null });
    const token = await issuePasswordToken(t.db, user.id, 'set_password');
    const client = await newClient();

    const response = await client.post('/api/users/set-password/', { token, password: 'new password 1' });
    expect(response.statusCode).toBe(200);
    expect(await verifyPassword('new password 1', (await userRow(user.id)).passwordHash)).toBe(true);

    const again = await client.post('/api/users/set-password/', { token, password: 'other password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'Invalid or expired token' });

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ template: 'confirm_email' });
    expect(mail!.subject).toContain('FieldBid');
    expect(mail!.htmlBody).toContain('FieldBid');
    const key = await tokenFromMail(user.email, /https:\/\/fieldbid\.example\/confirm-email\?key=([\w%-]+)/);

    // Not confirmed yet: login is refused with the unconfirmed code.
    const login = await (await newClient()).post('/api/users/login/', {
      email: user.email,
      password: 'new password 1',
    });
    expect(login.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });

    const confirmed = await client.post('/api/users/confirm-email/', { key });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email has been confirmed successfully.' });
    expect((await userRow(user.id)).emailConfirmedAt).toBeInstanceOf(Date);

    const reused = await client.post('/api/users/confirm-email/', { key });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: expect.any(String), detail: expect.any(String) });

    expect((await (await newClient()).login(user.email, 'new password 1')).statusCode).toBe(200);
    // The background sender may have sent it already; a flush makes sure.
    await t.app.flushMail();
    expect((await mailsTo(user.email))[0]).toMatchObject({ status: 'sent', transport: 'dev' });
  });

  it('rejects short passwords, missing fields, expired and wrong-purpose tokens', async () => {
    const user = await makeUser(t.db, { password: null });
    const client = await newClient();
    const token = await issuePasswordToken(t.db, user.id, 'set_password');

    const short = await client.post('/api/users/set-password/', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'Password must be at least 8 characters long',
      errors: { password: ['Password must be at least 8 characters long'] },
    });
    const missing = await client.post('/api/users/set-password/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(expect.any(String));

    const expired = await expiredToken(user.id, 'set_password', 8 * 86_400_000);
    const reset = await issuePasswordToken(t.db, user.id, 'reset_password');
    for (const bad of [expired, reset, 'nonsense']) {
      const response = await client.post('/api/users/set-password/', { token: bad, password: 'long enough' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid or expired token' });
    }
    expect((await userRow(user.id)).passwordHash).toBeNull();
    // The valid token was not spent by the failures.
    expect(
      (await client.post('/api/users/set-password/', { token, password: 'long enough' })).statusCode,
    ).toBe(200);
  });

  it('confirm-email refuses a missing or unknown key', async () => {
    const client = await newClient();
    const missing = await client.post('/api/users/confirm-email/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(expect.any(String));
    const unknown = await client.post('/api/users/confirm-email/', { key: 'nonsense' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'This confirmation link is invalid or has expired.',
      detail: 'This confirmation link is invalid or has expired.',
    });
  });
});

describe('POST /users/resend-validation-email/', () => {
  it('mails a new confirm link to an unconfirmed account and answers the same for unknown ones', async () => {
    const user = await makeUser(t.db, { emailConfirmedAt: null });
    const client = await newClient();
    const known = await client.post('/users/resend-validation-email/', { email: user.email.toUpperCase() });
    const unknown = await client.post('/users/resend-validation-email/', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: 'Confirmation email sent. Please check your inbox.' });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo('nobody@example.test')).toHaveLength(0);
  });

  it('rejects a missing or malformed email with {error}', async () => {
    const client = await newClient();
    const response = await client.post('/users/resend-validation-email/', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Please enter a valid email address' });
  });

  it('limits mails per address without revealing it', async () => {
    const user = await makeUser(t.db, { emailConfirmedAt: null });
    const client = await newClient();
    for (let i = 0; i < 7; i += 1) {
      const response = await client.post('/users/resend-validation-email/', { email: user.email });
      expect(response.statusCode).toBe(200);
    }
    expect(await mailsTo(user.email)).toHaveLength(5);
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the password once and ends the other sessions', async () => {
    const user = await makeUser(t.db);
    const signedIn = await newClient();
    expect((await signedIn.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);

    const client = await newClient();
    const requested = await client.post('/api/users/reset-password/', { email: user.email });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: RESET_MESSAGE });
    const token = await tokenFromMail(
      user.email,
      /https:\/\/fieldbid\.example\/reset-password-confirm\/([\w%-]+)/,
    );

    const valid = await client.get(`/api/users/validate-password-token/${token}/`);
    expect(valid.json()).toMatchObject({ valid: true });

    const short = await client.post('/api/users/reset-password-confirm/', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'Password must be at least 8 characters long' });

    const done = await client.post('/api/users/reset-password-confirm/', {
      token,
      password: 'brand new pass',
    });
    expect(done.statusCode).toBe(200);
    expect(await verifyPassword('brand new pass', (await userRow(user.id)).passwordHash)).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const status = await signedIn.get('/api/users/auth-status/');
    expect(status.json()).toMatchObject({ isAuthenticated: false });

    const reused = await client.post('/api/users/reset-password-confirm/', {
      token,
      password: 'another pass',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'Invalid or expired token' });
    const invalid = await client.get(`/api/users/validate-password-token/${token}/`);
    expect(invalid.json()).toMatchObject({ valid: false });
  });

  it('refuses an expired reset token and a set-password token', async () => {
    const user = await makeUser(t.db);
    const client = await newClient();
    const expired = await expiredToken(user.id, 'reset_password', 2 * 3_600_000);
    const setToken = await issuePasswordToken(t.db, user.id, 'set_password');
    for (const token of [expired, setToken]) {
      const response = await client.post('/api/users/reset-password-confirm/', {
        token,
        password: 'long enough',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid or expired token' });
    }
    expect(await verifyPassword(TEST_PASSWORD, (await userRow(user.id)).passwordHash)).toBe(true);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const client = await newClient();
    const response = await client.post('/api/users/reset-password/', { email: 'ghost@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_MESSAGE });
    expect(await mailsTo('ghost@example.test')).toHaveLength(0);
  });

  it('answers field errors for a missing or malformed email', async () => {
    const client = await newClient();
    const missing = await client.post('/api/users/reset-password/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { email: ['Email is required'] } });
    const malformed = await client.post('/api/users/reset-password/', { email: 'nope' });
    expect(malformed.json()).toEqual({ errors: { email: ['Please enter a valid email address'] } });
  });

  it('rate limits per client address with 429', async () => {
    const client = await newClient();
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      last = (await client.post('/api/users/reset-password/', { email: `x${i}@example.test` })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('needs the CSRF token of the caller session', async () => {
    const client = await newClient();
    const response = await client.post(
      '/api/users/reset-password/',
      { email: 'a@example.test' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });
});
