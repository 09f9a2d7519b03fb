import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findValidPasswordToken } from '#server/auth/password-tokens.ts';
import { propertyManagerApplications } from '#server/db/schema/applications.ts';
import { clients } from '#server/db/schema/clients.ts';
import { users } from '#server/db/schema/users.ts';
import { makeUser } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

const BASE = '/api/property-manager-applications';
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const buildingInfo = {
  building_name: 'Maple Court',
  building_address: '12 Maple St, Denver, CO',
  office_phone: '(303) 555-0100',
  ein: '12-3456789',
  total_employees: 25,
};
const adminContact = () => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  email: `Dana${++sequence}@Maple.example`,
  phone: '7205550111',
  job_title: 'Property Manager',
});
const companyInfo = {
  company_name: 'Maple Holdings',
  company_address: '1 Main St, Denver, CO',
  company_logo: '',
};

let addressCounter = 0;
/** Each visitor from its own address: one address may hold only a few open applications. */
async function visitor(address = `10.61.0.${++addressCounter}`): Promise<TestClient> {
  const client = new TestClient(t.app, address);
  await client.csrfToken();
  return client;
}

async function fillAll(client: TestClient, contact = adminContact()) {
  expect((await client.post(`${BASE}/save_building_info/`, buildingInfo)).statusCode).toBe(200);
  expect((await client.post(`${BASE}/save_admin_contact/`, contact)).statusCode).toBe(200);
  expect((await client.post(`${BASE}/save_company_info/`, companyInfo)).statusCode).toBe(200);
  return contact;
}

describe('property manager application', () => {
  it('saves the three steps, submits, creates the client and the passwordless account, and shows the token', async () => {
    const client = await visitor();
    const contact = await fillAll(client);
    const submit = await client.post(`${BASE}/submit/`);
    expect(submit.statusCode).toBe(200);
    const { redirect_url } = submit.json<{ redirect_url: string }>();
    const id = Number(/^\/property-manager-application\/(\d+)\/success$/.exec(redirect_url)?.[1]);
    expect(id).toBeGreaterThan(0);

    const [application] = await t.db
      .select()
      .from(propertyManagerApplications)
      .where(eq(propertyManagerApplications.id, id));
    expect(application).toMatchObject({ status: 'submitted', officePhone: '3035550100', ein: '123456789' });
    const [user] = await t.db.select().from(users).where(eq(users.id, application!.userId!));
    expect(user).toMatchObject({
      email: contact.email.toLowerCase(),
      type: 'property_manager',
      passwordHash: null,
      emailConfirmedAt: null,
      phoneNumber: '7205550111',
      firstName: 'Dana',
    });
    const [client_] = await t.db.select().from(clients).where(eq(clients.id, user!.clientId!));
    expect(client_).toMatchObject({
      name: 'Maple Holdings',
      ein: '123456789',
      totalEmployees: 25,
      logoUrl: null,
    });

    const success = await client.get(`${BASE}/${id}/success/`);
    expect(success.statusCode).toBe(200);
    const first = success.json<{ password_token: string }>().password_token;
    expect(await findValidPasswordToken(t.db, first, ['set_password'])).toMatchObject({ userId: user!.id });
    // Reloading the page mints a fresh token; the earlier one stays valid.
    const again = (await client.get(`${BASE}/${id}/success/`)).json<{ password_token: string }>()
      .password_token;
    expect(again).not.toBe(first);
    expect(await findValidPasswordToken(t.db, first, ['set_password'])).not.toBeNull();
    expect(await findValidPasswordToken(t.db, again, ['set_password'])).not.toBeNull();

    // Once the password is set, the page has no token to give.
    await t.db.update(users).set({ passwordHash: 'set' }).where(eq(users.id, user!.id));
    expect((await client.get(`${BASE}/${id}/success/`)).statusCode).toBe(404);

    // The draft is gone from the session: submitting again has nothing to submit.
    expect((await client.post(`${BASE}/submit/`)).statusCode).toBe(400);
  });

  it('hides the success answer from any other caller', async () => {
    const owner = await visitor();
    await fillAll(owner);
    const { redirect_url } = (await owner.post(`${BASE}/submit/`)).json<{ redirect_url: string }>();
    const url = `/api${redirect_url.replace('/property-manager-application/', '/property-manager-applications/')}/`;
    const stranger = await visitor();
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await owner.get(`${BASE}/999999/success/`)).statusCode).toBe(404);
  });

  it("keeps each session's draft to itself: another session cannot submit it", async () => {
    const owner = await visitor();
    await fillAll(owner);
    const stranger = await visitor();
    const response = await stranger.post(`${BASE}/submit/`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.building_name).toEqual(['Building name is required']);
  });

  it('names every missing field on submit', async () => {
    const client = await visitor();
    await client.post(`${BASE}/save_building_info/`, buildingInfo);
    const response = await client.post(`${BASE}/submit/`);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.building_name).toBeUndefined();
    expect(errors).toMatchObject({
      first_name: ['First name is required'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid 10-digit phone number'],
      company_name: ['Company name is required'],
      company_address: ['Company address is required'],
    });
  });

  it("answers the spec's messages for invalid building info", async () => {
    const client = await visitor();
    const response = await client.post(`${BASE}/save_building_info/`, {
      building_name: '   ',
      office_phone: '555-0100',
      ein: '12-34567',
      total_employees: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        building_name: ['Building name is required'],
        building_address: ['Building address is required'],
        office_phone: ['Please enter a valid 10-digit phone number'],
        ein: ['Please enter a valid 9-digit EIN'],
        total_employees: ['Please enter a valid number of employees'],
      },
    });
    const fraction = await client.post(`${BASE}/save_building_info/`, {
      ...buildingInfo,
      total_employees: '2.5',
    });
    expect(fraction.json().errors).toEqual({ total_employees: ['Please enter a valid number of employees'] });
    const digits = await client.post(`${BASE}/save_building_info/`, {
      ...buildingInfo,
      office_phone: '3035550100',
      ein: '123456789',
      total_employees: '7',
    });
    expect(digits.statusCode).toBe(200);
  });

  it("answers the spec's messages for invalid admin contact and company info", async () => {
    const client = await visitor();
    const contact = await client.post(`${BASE}/save_admin_contact/`, {
      email: 'not-an-email',
      phone: '12345',
    });
    expect(contact.json()).toEqual({
      errors: {
        first_name: ['First name is required'],
        last_name: ['Last name is required'],
        email: ['Please enter a valid email address'],
        phone: ['Please enter a valid 10-digit phone number'],
        job_title: ['Job title is required'],
      },
    });
    const company = await client.post(`${BASE}/save_company_info/`, { company_logo: 'not a url' });
    expect(company.json()).toEqual({
      errors: {
        company_name: ['Company name is required'],
        company_address: ['Company address is required'],
        company_logo: ['Please enter a valid URL'],
      },
    });
  });

  it('refuses an email that already has an account, creating nothing', async () => {
    const client = await visitor();
    const contact = adminContact();
    await fillAll(client, contact);
    // The contact step checked the email; an account made with it since is refused at submit.
    const existing = await makeUser(t.db, { email: contact.email.toUpperCase() });
    expect(existing.email).toBe(contact.email.toUpperCase());
    const before = await t.db.select({ id: clients.id }).from(clients);
    const response = await client.post(`${BASE}/submit/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { email: ['A user with this email already exists.'] } });
    expect(await t.db.select({ id: clients.id }).from(clients)).toHaveLength(before.length);
  });

  it('needs a session (and its CSRF token) to save', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/save_building_info/`,
      payload: buildingInfo,
    });
    expect(response.statusCode).toBe(403);
  });
});
