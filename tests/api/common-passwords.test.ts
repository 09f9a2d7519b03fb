import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { users } from '#server/db/schema/users.ts';
import { makeUser } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Every call that sets a password refuses the most common ones (and the published demo password),
// with the words under the form's password field; the token stays usable for a better password.

const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
const REFUSAL = { error: TOO_COMMON, errors: { password: [TOO_COMMON] } };
const COMMON = ['password123', 'Baseball1', 'QWERTYUIOP', '1qaz2wsx', 'demo12345'];

let t: TestApp;
let addressCounter = 0;
const newClient = async () => {
  const client = new TestClient(t.app, `10.4.7.${++addressCounter}`);
  await client.csrfToken();
  return client;
};
const hashOf = async (id: number) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CALLS = [
  { path: '/api/users/set-password/', purpose: 'set_password' },
  { path: '/api/users/reset-password-confirm/', purpose: 'reset_password' },
] as const;

describe.each(CALLS)('POST $path', ({ path, purpose }) => {
  it('refuses a common password, whatever its case, and keeps the token for a better one', async () => {
    const user = await makeUser(t.db, { password: null });
    const token = await issuePasswordToken(t.db, user.id, purpose);
    const client = await newClient();
    for (const password of COMMON) {
      const refused = await client.post(path, { token, password });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json(), password).toEqual(REFUSAL);
    }
    expect(await hashOf(user.id)).toBeNull();

    const accepted = await client.post(path, { token, password: 'birch court keys 42' });
    expect(accepted.statusCode).toBe(200);
    expect(await verifyPassword('birch court keys 42', await hashOf(user.id))).toBe(true);
  });
});
