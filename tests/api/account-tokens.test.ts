import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { hashToken } from '#server/auth/tokens.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { passwordTokens, users } from '#server/db/schema/users.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Accounts and tokens: a token acts only for the address it was mailed to, and the calls
// that take a token cost the server nothing expensive until the token has proved valid.

let t: TestApp;
let addressCounter = 0;
const newClient = async () => {
  const client = new TestClient(t.app, `10.32.0.${++addressCounter}`);
  await client.csrfToken();
  return client;
};
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const CONFIRM_FAILED = 'This confirmation link is invalid or has expired.';

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://fieldbid.example' });
});
afterAll(async () => {
  await t.close();
});

/** The key in the last confirm-email mail to `to`. */
async function confirmKeyMailedTo(to: string): Promise<string> {
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'confirm_email')));
  const match = mails.at(-1)?.textBody.match(/confirm-email\?key=([\w%-]+)/);
  expect(match).toBeTruthy();
  return decodeURIComponent(match![1]!);
}

const changeEmail = (client: TestClient, email: string) =>
  client.request('PUT', '/api/user-profile/', {
    json: {
      first_name: 'Morgan',
      last_name: 'Reyes',
      email,
      phone_number: '3035550100',
      job_title: '',
      email_notifications: true,
      sms_notifications: true,
    },
  });

describe('changing the email address', () => {
  it("revokes every earlier token: the previous address's confirm link confirms nothing", async () => {
    const user = await makeUser(t.db, { type: 'property_manager' });
    const client = await newClient();
    expect(
      (await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const resetForOld = await issuePasswordToken(t.db, user.id, 'reset_password');

    const second = `second-${Date.now()}@example.test`;
    expect((await changeEmail(client, second)).statusCode).toBe(200);
    const keyForSecond = await confirmKeyMailedTo(second);
    const third = `third-${Date.now()}@example.test`;
    expect((await changeEmail(client, third)).statusCode).toBe(200);
    const keyForThird = await confirmKeyMailedTo(third);

    // The link mailed to the second address must not confirm the third.
    const stale = await client.post('/api/users/confirm-email/', { key: keyForSecond });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: CONFIRM_FAILED, detail: CONFIRM_FAILED });
    expect((await userRow(user.id)).emailConfirmedAt).toBeNull();
    // Nor does a reset link mailed to the first address still work.
    const reset = await client.post('/api/users/reset-password-confirm/', {
      token: resetForOld,
      password: 'taken over 123',
    });
    expect(reset.statusCode).toBe(400);
    // Revoked means gone: the only unused token left is the third address's.
    const left = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(left.map((row) => row.tokenHash)).toEqual([hashToken(keyForThird)]);

    const confirmed = await client.post('/api/users/confirm-email/', { key: keyForThird });
    expect(confirmed.statusCode).toBe(200);
    expect((await userRow(user.id)).emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('a token confirms only the address it was made for, whatever happened since', async () => {
    const first = `first-${Date.now()}@example.test`;
    const user = await makeUser(t.db, { email: first, emailConfirmedAt: null });
    const key = await issuePasswordToken(t.db, user.id, 'confirm_email');
    const [row] = await t.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, hashToken(key)));
    expect(row!.email).toBe(first);

    // The address changes without the revocation (as a change racing the token's making would).
    await t.db
      .update(users)
      .set({ email: `moved-${Date.now()}@example.test` })
      .where(eq(users.id, user.id));
    const client = await newClient();
    expect((await client.post('/api/users/confirm-email/', { key })).statusCode).toBe(400);
    expect((await userRow(user.id)).emailConfirmedAt).toBeNull();

    // Back at the address it was mailed to, the same link confirms that address.
    await t.db.update(users).set({ email: first }).where(eq(users.id, user.id));
    expect((await client.post('/api/users/confirm-email/', { key })).statusCode).toBe(200);
  });
});

/** CPU time (all threads of this process, so scrypt's thread pool too) that `work` costs. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

describe.each([
  ['/api/users/set-password/', 'set_password'],
  ['/api/users/reset-password-confirm/', 'reset_password'],
] as const)('POST %s', (path, purpose) => {
  it('checks the token before hashing: a bad token costs no scrypt', async () => {
    // One hash at the product's full cost, measured here (CPU time does not depend on the load).
    const oneHash = Math.min(
      await cpuMs(() => hashPassword('measure the cost')),
      await cpuMs(() => hashPassword('measure it again')),
    );
    const client = await newClient();
    const attempts = 8;
    const badToken = (i: number) => client.post(path, { token: `made-up-${i}`, password: 'long enough 1' });
    // Against the same session, CSRF and token look-up work of a call that never hashes.
    const badKey = (i: number) => client.post('/api/users/confirm-email/', { key: `made-up-${i}` });
    await badToken(-1);
    await badKey(-1);
    const lookUpsOnly = await cpuMs(async () => {
      for (let i = 0; i < attempts; i += 1) expect((await badKey(i)).statusCode).toBe(400);
    });
    const spent = await cpuMs(async () => {
      for (let i = 0; i < attempts; i += 1) {
        const response = await badToken(i);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'Invalid or expired token' });
      }
    });
    // Hashing first would add a whole hash per attempt.
    expect(spent - lookUpsOnly).toBeLessThan((oneHash * attempts) / 2);

    // A valid token still sets the password.
    const user = await makeUser(t.db, { password: null });
    const token = await issuePasswordToken(t.db, user.id, purpose);
    expect((await client.post(path, { token, password: 'long enough 1' })).statusCode).toBe(200);
    expect(await verifyPassword('long enough 1', (await userRow(user.id)).passwordHash)).toBe(true);
  });

  it('limits each client address to 20 calls an hour, with 429 and Retry-After', async () => {
    const client = await newClient();
    for (let i = 0; i < 20; i += 1) {
      expect((await client.post(path, { token: `guess-${i}`, password: 'long enough 1' })).statusCode).toBe(
        400,
      );
    }
    const user = await makeUser(t.db, { password: null });
    const token = await issuePasswordToken(t.db, user.id, purpose);
    const limited = await client.post(path, { token, password: 'long enough 1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      error: 'Too many requests. Please try again later.',
    });
    expect(limited.headers['retry-after']).toBe('3600');
    // Refused before the token was looked at: it still works from another address.
    expect((await (await newClient()).post(path, { token, password: 'long enough 1' })).statusCode).toBe(200);
  });
});
