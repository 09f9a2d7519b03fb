import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { plans } from '#server/db/schema/plans.ts';
import { apiKeys, users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { companyInfo, PDF, uploadCertificate, VENDOR_BASE, visitor } from '../support/vendor-applicant.ts';

// One insurance record from the application to every screen: the certificate and the expiry date
// the applicant gives are the vendor's profile once paid, and the vendor's Settings and the
// managers' Vendors list read them the same way. The payment makes no API key; the vendor makes
// one in Settings when it wants one.

let t: TestApp;
let dataDir: string;
let planId: number;
let staff: TestClient;
let manager: TestClient;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-insurance-record-'));
  t = await startTestApp({ dataDir });
  const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  planId = monthly!.id;
  staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
  manager = await signIn(t.app, (await makeUser(t.db, { type: 'property_manager' })).email);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Posts the local checkout's card form as a browser would: answers the success call's address. */
async function pay(client: TestClient, url: string): Promise<string> {
  const page = await client.get(url);
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams({
    form_token: formToken,
    card_name: 'Sam Ortiz',
    card_number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  const paid = await client.request('POST', `${url}/pay`, {
    json: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  expect(paid.statusCode).toBe(303);
  const location = String(paid.headers.location);
  return `${location.replace('/vendor-application/subscription/success/', '/stripe/vendor/subscription/success/')}/`;
}

/**
 * An applicant through the wizard's calls with `certificate` (the insurance step's form fields),
 * paid, its password set and its address confirmed, signed in; staff approve it so managers list it.
 */
async function applyAndGoLive(insuranceStep: (client: TestClient) => Promise<void>) {
  const applicant = await visitor(t.app);
  const info = companyInfo();
  info.vendor_name = `Record Plumbing ${info.email.slice(3, 12)}`;
  expect((await applicant.post(`${VENDOR_BASE}/save_company_info/`, info)).statusCode).toBe(200);
  await insuranceStep(applicant);
  const submit = await applicant.post(`${VENDOR_BASE}/submit/`, { plan_id: planId });
  expect(submit.statusCode).toBe(200);
  const success = await applicant.get(await pay(applicant, submit.json<{ url: string }>().url));
  expect(success.statusCode).toBe(200);
  const answer = success.json<Record<string, string>>();
  const set = await applicant.post('/api/users/set-password/', {
    token: answer.password_token,
    password: TEST_PASSWORD,
  });
  expect(set.statusCode).toBe(200);
  await t.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, info.email));
  const [user] = await t.db.select().from(users).where(eq(users.email, info.email));
  const [application] = await t.db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.userId, user!.id));
  const approved = await staff.post(`/api/admin/applications/vendors/${application!.id}/approve/`);
  expect(approved.statusCode).toBe(200);
  return { userId: user!.id, name: info.vendor_name, answer, client: await signIn(t.app, info.email) };
}

/** The vendor's own Settings reading and the managers' list entry, side by side. */
async function bothReadings(vendor: { userId: number; client: TestClient }) {
  const settings = await vendor.client.get('/api/vendor/insurance/');
  expect(settings.statusCode).toBe(200);
  const list = await manager.get('/api/vendors/');
  expect(list.statusCode).toBe(200);
  const entry = list
    .json<Array<{ id: number; insurance: { status: string; expires_on: string | null } }>>()
    .find((row) => row.id === vendor.userId);
  return { settings: settings.json<Record<string, unknown>>(), listed: entry?.insurance };
}

describe('the insurance certificate is one record from the application on', () => {
  it('carries the file and the expiry date given in the wizard into the profile, and both screens say valid until it', async () => {
    const expiresOn = inDays(300);
    const vendor = await applyAndGoLive(async (client) => {
      const upload = await uploadCertificate(client, PDF, 'cert.pdf', { insurance_expires_on: expiresOn });
      expect(upload.statusCode).toBe(200);
    });
    const [profile] = await t.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, vendor.userId));
    expect(profile!.insuranceExpiresOn).toBe(expiresOn);
    expect((await t.app.files.get(profile!.insuranceCertificateKey!))?.body.equals(PDF)).toBe(true);

    const { settings, listed } = await bothReadings(vendor);
    expect(settings).toEqual({
      has_certificate: true,
      insurance_expires_on: expiresOn,
      is_expired: false,
      certificate_url: '/api/vendor/insurance/certificate/',
      status: 'valid',
    });
    expect(listed).toEqual({ status: 'valid', expires_on: expiresOn });
  });

  it('lets the wizard change the date of the certificate already uploaded, without sending the file again', async () => {
    const later = inDays(500);
    const vendor = await applyAndGoLive(async (client) => {
      expect((await uploadCertificate(client, PDF, 'cert.pdf')).statusCode).toBe(200);
      const dateOnly = multipart([{ name: 'insurance_expires_on', value: later }]);
      const changed = await postMultipart(client, `${VENDOR_BASE}/save_insurance_info/`, dateOnly);
      expect(changed.statusCode).toBe(200);
      const draft = (await client.get(`${VENDOR_BASE}/draft/`)).json();
      expect(draft.insurance_certificate).toEqual({
        content_type: 'application/pdf',
        size: PDF.length,
        expires_on: later,
      });
    });
    const { settings, listed } = await bothReadings(vendor);
    expect(settings).toMatchObject({ status: 'valid', insurance_expires_on: later });
    expect(listed).toEqual({ status: 'valid', expires_on: later });
  });

  it('says a certificate without a date is on file without one, in both places (the date is optional in the API)', async () => {
    const vendor = await applyAndGoLive(async (client) => {
      expect((await uploadCertificate(client, PDF, 'cert.pdf')).statusCode).toBe(200);
    });
    const { settings, listed } = await bothReadings(vendor);
    expect(settings).toMatchObject({ has_certificate: true, insurance_expires_on: null, status: 'undated' });
    expect(listed).toEqual({ status: 'undated', expires_on: null });
  });

  it('reads a date without a file as no certificate, and an expired one as expired, in both places', async () => {
    const vendor = await applyAndGoLive(async (client) => {
      expect((await uploadCertificate(client, PDF, 'cert.pdf')).statusCode).toBe(200);
    });
    await t.db
      .update(vendorProfiles)
      .set({ insuranceCertificateKey: null, insuranceExpiresOn: inDays(200) })
      .where(eq(vendorProfiles.userId, vendor.userId));
    let readings = await bothReadings(vendor);
    expect(readings.settings).toMatchObject({ has_certificate: false, status: 'missing' });
    expect(readings.listed).toEqual({ status: 'missing', expires_on: null });

    await t.db
      .update(vendorProfiles)
      .set({ insuranceCertificateKey: 'insurance-certificates/old.pdf', insuranceExpiresOn: '2020-01-31' })
      .where(eq(vendorProfiles.userId, vendor.userId));
    readings = await bothReadings(vendor);
    expect(readings.settings).toMatchObject({ is_expired: true, status: 'expired' });
    expect(readings.listed).toEqual({ status: 'expired', expires_on: '2020-01-31' });
  });

  it('still requires the file when the draft has none, even with a date', async () => {
    const client = await visitor(t.app);
    const dateOnly = multipart([{ name: 'insurance_expires_on', value: inDays(100) }]);
    const refused = await postMultipart(client, `${VENDOR_BASE}/save_insurance_info/`, dateOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: { insurance_certificate: ['Insurance certificate is required'] },
    });
  });
});

describe('API keys are made on request, not at payment', () => {
  it('answers the success call without a key and makes none; the vendor creates one in Settings and it works', async () => {
    const vendor = await applyAndGoLive(async (client) => {
      expect(
        (await uploadCertificate(client, PDF, 'cert.pdf', { insurance_expires_on: inDays(90) })).statusCode,
      ).toBe(200);
    });
    expect(vendor.answer.confirmation_number).toMatch(/^FB-[A-Z2-9]{8}$/);
    expect(vendor.answer).not.toHaveProperty('api_key');
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, vendor.userId))).toEqual([]);
    expect((await vendor.client.get('/api/vendor/api-keys/')).json()).toEqual([]);

    const created = await vendor.client.post('/api/vendor/api-keys/', { name: 'Dispatch system' });
    expect(created.statusCode).toBe(201);
    const { key } = created.json<{ key: string }>();
    expect(key).toMatch(/^fb_/);
    const jobs = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/jobs/',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(jobs.statusCode).toBe(200);
    expect((await vendor.client.get('/api/vendor/api-keys/')).json()).toMatchObject([
      { name: 'Dispatch system' },
    ]);
  });
});
