import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { users } from '#server/db/schema/users.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;

async function signedInUser(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.db, {
    type: 'property_manager',
    firstName: 'Morgan',
    lastName: 'Reyes',
    ...overrides,
  });
  const client = new TestClient(t.app);
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return { user, client };
}

const put = (client: TestClient, body: unknown) =>
  client.request('PUT', '/api/user-profile/', { json: body });

const profile = (email: string) => ({
  first_name: ' Morgan ',
  last_name: 'Reyes',
  email,
  phone_number: '(303) 555-0100',
  job_title: 'Portfolio Manager',
  email_notifications: false,
  sms_notifications: true,
});

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/user-profile/', () => {
  it('answers the profile fields with both toggles on by default', async () => {
    const { user, client } = await signedInUser({ jobTitle: 'Owner', phoneNumber: '3035550142' });
    const response = await client.get('/api/user-profile/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      first_name: 'Morgan',
      last_name: 'Reyes',
      email: user.email,
      phone_number: '3035550142',
      job_title: 'Owner',
      email_notifications: true,
      sms_notifications: true,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/user-profile/')).statusCode).toBe(401);
  });
});

describe('PUT /api/user-profile/', () => {
  it('saves every field, trimmed, phone as digits, and answers the profile', async () => {
    const { user, client } = await signedInUser();
    const response = await put(client, profile(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Morgan',
      phone_number: '3035550100',
      email_notifications: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      jobTitle: 'Portfolio Manager',
      emailNotifications: false,
      smsNotifications: true,
    });
    // An unchanged address stays confirmed.
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect((await client.get('/api/user-profile/')).json().job_title).toBe('Portfolio Manager');
  });

  it.each([
    ['first_name', { first_name: '  ' }],
    ['email', { email: 'not-an-email' }],
    ['phone_number', { phone_number: '12345' }],
    ['phone_number', { phone_number: '303555010x' }],
    ['email_notifications', { email_notifications: 'yes' }],
    ['sms_notifications', { sms_notifications: undefined }],
  ])('refuses a bad %s (%j) and changes nothing', async (field, change) => {
    const { user, client } = await signedInUser();
    const response = await put(client, { ...profile(user.email), ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.jobTitle).toBe('');
  });

  it('accepts an empty phone number', async () => {
    const { user, client } = await signedInUser();
    const response = await put(client, { ...profile(user.email), phone_number: '' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an email another account uses, whatever its case', async () => {
    const { user: other } = await signedInUser();
    const { user, client } = await signedInUser();
    const response = await put(client, profile(other.email.toUpperCase()));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: ['A user with this email already exists.'] });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('a new email is the login at once, must be confirmed again, and both addresses hear of it', async () => {
    const { user, client } = await signedInUser();
    const newEmail = `changed-${Date.now()}@example.test`;
    const response = await put(client, profile(newEmail.toUpperCase()));
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(newEmail);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: newEmail, emailConfirmedAt: null });
    const mail = await t.db.select().from(mailOutbox);
    expect(mail.filter((m) => m.toAddress === newEmail).map((m) => m.template)).toEqual(['confirm_email']);
    expect(mail.filter((m) => m.toAddress === user.email).map((m) => m.template)).toEqual(['email_changed']);
    // The open session goes on.
    expect((await client.get('/api/user-profile/')).statusCode).toBe(200);
  });

  it('needs the CSRF header with a cookie session', async () => {
    const { user, client } = await signedInUser();
    const response = await client.request('PUT', '/api/user-profile/', {
      json: profile(user.email),
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});
