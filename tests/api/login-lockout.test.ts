import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { hashToken } from '#server/auth/tokens.ts';
import { loginDevices } from '#server/db/schema/sessions.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Guessing at an account locks it only for clients that never signed in to it (OWASP's device
// cookies): the owner's own browser still gets in, and the guesser gains nothing.

let t: TestApp;
let addressCounter = 0;
const fromNewAddress = () => new TestClient(t.app, `10.31.0.${++addressCounter}`);
const LOCKED = 'Too many failed login attempts. Please wait 15 minutes and try again.';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A client that signed in once (so holds the account's device cookie) and signed out again. */
async function ownersBrowser(email: string): Promise<TestClient> {
  const owner = fromNewAddress();
  expect((await owner.login(email, TEST_PASSWORD)).statusCode).toBe(200);
  expect((await owner.post('/api/users/logout/')).statusCode).toBe(200);
  return owner;
}

async function failTenTimes(client: TestClient, email: string) {
  await client.csrfToken();
  for (let i = 0; i < 10; i += 1) {
    const response = await client.post('/api/users/login/', { email, password: `guess-${i}` });
    expect(response.statusCode).toBe(400);
  }
}

describe('account lockout with device cookies', () => {
  it("lets the owner's browser in from another address while the guessing address stays refused", async () => {
    const user = await makeUser(t.db);
    const owner = await ownersBrowser(user.email);
    const attacker = fromNewAddress();
    await failTenTimes(attacker, user.email);

    const attackerRight = await attacker.post('/api/users/login/', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(attackerRight.statusCode).toBe(429);
    expect(attackerRight.json().non_field_errors).toEqual([LOCKED]);
    expect(attackerRight.headers['retry-after']).toBe('900');
    // Any other client without the owner's device cookie (a second address of the attacker) is refused too.
    expect((await fromNewAddress().login(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    const ownerLogin = await owner.login(user.email, TEST_PASSWORD);
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.json().user.id).toBe(user.id);

    // The owner signing in forgave nothing of the attacker's.
    expect(
      (await attacker.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, for the login call only, stored hashed', async () => {
    const user = await makeUser(t.db);
    const client = fromNewAddress();
    const response = await client.login(user.email, TEST_PASSWORD);
    const cookies = response.cookies as Array<{ name: string; value: string; [key: string]: unknown }>;
    const device = cookies.find((cookie) => cookie.name === 'fieldbid_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });
    const rows = await t.db.select().from(loginDevices).where(eq(loginDevices.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([hashToken(device!.value)]);
    // Signing in again from the same browser replaces its device token.
    expect(
      (await client.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const after = await t.db.select().from(loginDevices).where(eq(loginDevices.userId, user.id));
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(rows[0]!.id);
  });

  it("does not trust a device cookie of another account: the attacker's own account does not help", async () => {
    const victim = await makeUser(t.db);
    const attackerAccount = await makeUser(t.db);
    const attacker = fromNewAddress();
    expect((await attacker.login(attackerAccount.email, TEST_PASSWORD)).statusCode).toBe(200);
    await failTenTimes(attacker, victim.email);
    const response = await attacker.post('/api/users/login/', {
      email: victim.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(429);
  });

  it('limits a trusted browser by its own failures, without locking anybody else out', async () => {
    const user = await makeUser(t.db);
    const owner = await ownersBrowser(user.email);
    await failTenTimes(owner, user.email);
    expect(
      (await owner.post('/api/users/login/', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    // Its failures were its own: an untrusted client with the right password still gets in.
    expect((await fromNewAddress().login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a password reset forgets the earlier browsers and trusts the one that reset', async () => {
    const user = await makeUser(t.db);
    const oldBrowser = await ownersBrowser(user.email);
    await failTenTimes(fromNewAddress(), user.email);

    const resetting = fromNewAddress();
    await resetting.csrfToken();
    const token = await issuePasswordToken(t.db, user.id, 'reset_password');
    const reset = await resetting.post('/api/users/reset-password-confirm/', {
      token,
      password: 'a new password 1',
    });
    expect(reset.statusCode).toBe(200);

    // The account is still locked for untrusted clients; the resetting browser is trusted now.
    expect(
      (await resetting.post('/api/users/login/', { email: user.email, password: 'a new password 1' }))
        .statusCode,
    ).toBe(200);
    expect((await oldBrowser.login(user.email, 'a new password 1')).statusCode).toBe(429);
  });
});
