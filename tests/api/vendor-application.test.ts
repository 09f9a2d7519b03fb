import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findValidPasswordToken } from '#server/auth/password-tokens.ts';
import { hashToken } from '#server/auth/tokens.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { checkoutSessions, subscriptions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { apiKeys, users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { multipart } from '../support/multipart.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';
import {
  companyInfo,
  visitor as newVisitor,
  PDF,
  submitVendorApplication,
  uploadCertificate,
  VENDOR_BASE,
} from '../support/vendor-applicant.ts';

const BASE = VENDOR_BASE;
const PNG = png();
let t: TestApp;
let dataDir: string;
let monthlyPlanId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-vendor-'));
  t = await startTestApp({ dataDir });
  const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  monthlyPlanId = monthly!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const visitor = () => newVisitor(t.app);
const submitted = (client: TestClient, info = companyInfo()) =>
  submitVendorApplication(client, monthlyPlanId, info);

/** Opens the checkout page and posts the card form as a browser would. */
async function pay(client: TestClient, url: string, card = '4242 4242 4242 4242') {
  const page = await client.get(url);
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams({
    form_token: formToken,
    card_name: 'Sam Ortiz',
    card_number: card,
    expiry: '12/34',
    cvc: '123',
  });
  return client.request('POST', `${url}/pay`, {
    json: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
}

const successCall = (location: string) =>
  `${location.replace('/vendor-application/subscription/success/', '/stripe/vendor/subscription/success/')}/`;

describe('vendor application: the whole flow', () => {
  it('saves, uploads, submits, pays and fulfils once into a vendor account', async () => {
    const client = await visitor();
    const info = companyInfo();
    const url = await submitted(client, info);
    expect(url).toMatch(/^\/checkout\/cs_local_[\w-]{43}$/);

    const page = await client.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('FieldBid vendor subscription');
    expect(page.body).toContain('Monthly');
    const pageText = page.body.replace(/<[^>]+>/g, '');
    expect(pageText).toContain('$49 / month');
    expect(pageText).toContain('Pay $49');
    expect(pageText).not.toContain('$49.00');
    expect(page.body).not.toMatch(/<(script|link)\b/);

    const paid = await pay(client, url);
    expect(paid.statusCode).toBe(303);
    const location = String(paid.headers.location);
    expect(location).toMatch(
      /^\/vendor-application\/subscription\/success\/cs_local_[\w-]+\/sub_local_[\w-]+$/,
    );

    const success = await client.get(successCall(location));
    expect(success.statusCode).toBe(200);
    const body = success.json<{ confirmation_number: string; password_token: string }>();
    expect(body.confirmation_number).toMatch(/^FB-[A-Z2-9]{8}$/);
    // No API key at payment: the vendor makes one in Settings when it wants one.
    expect(body).not.toHaveProperty('api_key');

    const [user] = await t.db.select().from(users).where(eq(users.email, info.email));
    expect(user).toMatchObject({
      type: 'vendor',
      passwordHash: null,
      emailConfirmedAt: null,
      phoneNumber: '7205550199',
    });
    expect(await findValidPasswordToken(t.db, body.password_token, ['set_password'])).toMatchObject({
      userId: user!.id,
    });
    const [profile] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      companyName: 'Rocky Plumbing',
      ein: '987654321',
      totalEmployees: 12,
      serviceCategories: ['Plumbing'],
      insuranceExpiresOn: '2027-06-30',
    });
    expect((await t.app.files.get(profile!.insuranceCertificateKey!))?.contentType).toBe('application/pdf');
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'active', provider: 'local', planId: monthlyPlanId });
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user!.id))).toEqual([]);
    const [application] = await t.db
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.userId, user!.id));
    expect(application).toMatchObject({ status: 'paid', confirmationNumber: body.confirmation_number });

    // Reload: same confirmation number, a fresh token, no key, no second account.
    const reload = await client.get(successCall(location));
    expect(reload.statusCode).toBe(200);
    const again = reload.json<Record<string, string>>();
    expect(again.confirmation_number).toBe(body.confirmation_number);
    expect(again.api_key).toBeUndefined();
    expect(again.password_token).not.toBe(body.password_token);
    expect(await findValidPasswordToken(t.db, again.password_token!, ['set_password'])).not.toBeNull();

    // Paying again is impossible: the checkout page and the pay call send to the same success address.
    const payAgain = await client.request('POST', `${url}/pay`, {
      json: 'card_number=4242424242424242',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(payAgain.statusCode).toBe(303);
    expect(payAgain.headers.location).toBe(location);
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, info.email));
    expect(count[0]!.n).toBe(1);
  });

  it('makes one account when the success call races itself', async () => {
    const client = await visitor();
    const info = companyInfo();
    const paid = await pay(client, await submitted(client, info));
    const url = successCall(String(paid.headers.location));
    const answers = await Promise.all([client.get(url), client.get(url), client.get(url)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().confirmation_number)).size).toBe(1);
    const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, info.email));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rows[0]!.id))).toHaveLength(
      1,
    );
  });

  it('shows the success answer only to the session that applied', async () => {
    const owner = await visitor();
    const paid = await pay(owner, await submitted(owner));
    const url = successCall(String(paid.headers.location));
    const stranger = await visitor();
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await stranger.get(url)).json()).toEqual({ error: 'Application not found.' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Nothing was fulfilled by those calls; the owner still gets the first answer with the token.
    expect((await owner.get(url)).json().password_token).toBeTruthy();
  });

  it('never trusts the URL: an unpaid checkout or a made-up subscription id is refused', async () => {
    const client = await visitor();
    const url = await submitted(client);
    const checkoutId = url.replace('/checkout/', '');
    const unpaid = await client.get(`/stripe/vendor/subscription/success/${checkoutId}/sub_local_forged/`);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error).toMatch(/Payment has not been completed/);
    const paid = await pay(client, url);
    expect(paid.statusCode).toBe(303);
    const forged = await client.get(`/stripe/vendor/subscription/success/${checkoutId}/sub_local_forged/`);
    expect(forged.statusCode).toBe(404);
  });

  it('declines the decline card with a message on the page and takes a later good card', async () => {
    const client = await visitor();
    const url = await submitted(client);
    const declined = await pay(client, url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    // The name stays filled in; the card number is never echoed back.
    expect(declined.body).toContain(
      'id="card_name" name="card_name" autocomplete="cc-name" value="Sam Ortiz"',
    );
    expect(declined.body).not.toContain('4000 0000 0000 0002"');
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, url.slice(10)));
    expect(checkout!.status).toBe('open');
    expect((await pay(client, url)).statusCode).toBe(303);
  });

  it('refuses a pay form without the per-checkout form token', async () => {
    const client = await visitor();
    const url = await submitted(client);
    const response = await client.request('POST', `${url}/pay`, {
      json: 'form_token=guess&card_number=4242424242424242&expiry=12/34&cvc=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(403);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, url.slice(10)));
    expect(checkout!.status).toBe('open');
    expect((await client.get('/checkout/cs_local_unknown')).statusCode).toBe(404);
  });

  it('expires the previous checkout when the application is submitted again', async () => {
    const client = await visitor();
    const first = await submitted(client);
    const second = await client.post(`${BASE}/submit/`, { plan_id: monthlyPlanId });
    expect(second.json().url).not.toBe(first);
    expect((await client.get(first)).statusCode).toBe(410);
  });
});

describe('vendor application: validation', () => {
  it('names every missing company field as the spec words it', async () => {
    const client = await visitor();
    const response = await client.post(`${BASE}/save_company_info/`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      vendor_name: ['Vendor name is required'],
      total_employees: ['Total employees is required'],
      ein: ['EIN is required'],
      registered_state: ['Registered state is required'],
      industry: ['Industry is required'],
      address: ['Address is required'],
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      job_title: ['Job title is required'],
      phone: ['Phone is required'],
      email: ['Email is required'],
    });
  });

  it('checks email, state, phone, EIN and employees', async () => {
    const client = await visitor();
    const response = await client.post(`${BASE}/save_company_info/`, {
      ...companyInfo(),
      email: 'sam@',
      registered_state: 'TX',
      phone: '555',
      ein: '12',
      total_employees: -3,
    });
    expect(response.json().errors).toEqual({
      email: ['Invalid email format'],
      registered_state: ['Please select a valid registered state'],
      phone: ['Please enter a valid 10-digit phone number'],
      ein: ['Please enter a valid 9-digit EIN'],
      total_employees: ['Please enter a valid number of employees'],
    });
  });

  it('checks the certificate by content, not by name or header', async () => {
    const client = await visitor();
    const pngNamedPdf = await uploadCertificate(client, PNG, 'certificate.pdf');
    expect(pngNamedPdf.statusCode).toBe(200);
    const [draft] = await t.db
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.sessionId, hashToken(client.cookies.get('fieldbid_session')!)));
    expect(draft).toMatchObject({
      insuranceCertificateContentType: 'image/png',
      insuranceCertificateSize: PNG.length,
    });
    expect(draft!.insuranceCertificateKey).toMatch(/\.png$/);

    const garbage = await uploadCertificate(client, Buffer.from('MZ this is not a pdf'), 'certificate.pdf');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({
      errors: { insurance_certificate: ['Please upload a PDF or image file'] },
    });
  });

  it('requires a certificate and refuses one over 5MB', async () => {
    const client = await visitor();
    const none = await client.request('POST', `${BASE}/save_insurance_info/`, {
      json: multipart([{ name: 'insurance_expires_on', value: '2027-01-01' }]).body,
      headers: { 'content-type': multipart([]).contentType },
    });
    expect(none.statusCode).toBe(400);
    const empty = multipart([{ name: 'insurance_expires_on', value: '2027-01-01' }]);
    const missing = await client.request('POST', `${BASE}/save_insurance_info/`, {
      json: empty.body,
      headers: { 'content-type': empty.contentType },
    });
    expect(missing.json()).toEqual({
      errors: { insurance_certificate: ['Insurance certificate is required'] },
    });
    const json = await client.post(`${BASE}/save_insurance_info/`, {});
    expect(json.json()).toEqual({ errors: { insurance_certificate: ['Insurance certificate is required'] } });

    const justUnder = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length)]);
    expect((await uploadCertificate(client, justUnder)).statusCode).toBe(200);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await uploadCertificate(client, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({
      errors: { insurance_certificate: ['File size should be less than 5MB'] },
    });

    const badDate = await uploadCertificate(client, PDF, 'c.pdf', { insurance_expires_on: 'soon' });
    expect(badDate.json()).toEqual({ errors: { insurance_expires_on: ['Please enter a valid date'] } });
  });

  it('requires a plan and a complete application to submit', async () => {
    const client = await visitor();
    const noPlan = await client.post(`${BASE}/submit/`, {});
    expect(noPlan.json()).toEqual({ errors: { plan_id: ['Please select a plan'] } });
    const unknownPlan = await client.post(`${BASE}/submit/`, { plan_id: 999999 });
    expect(unknownPlan.json()).toEqual({ errors: { plan_id: ['Please select a plan'] } });
    await client.post(`${BASE}/save_company_info/`, companyInfo());
    const noCertificate = await client.post(`${BASE}/submit/`, { plan_id: monthlyPlanId });
    expect(noCertificate.statusCode).toBe(400);
    expect(noCertificate.json()).toEqual({
      errors: { insurance_certificate: ['Insurance certificate is required'] },
    });
  });

  it("keeps each session's draft to itself: another session cannot submit it", async () => {
    const owner = await visitor();
    await owner.post(`${BASE}/save_company_info/`, companyInfo());
    await uploadCertificate(owner, PDF);
    const stranger = await visitor();
    const response = await stranger.post(`${BASE}/submit/`, { plan_id: monthlyPlanId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.vendor_name).toEqual(['Vendor name is required']);
  });
});
