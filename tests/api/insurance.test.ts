import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { MAX_CERTIFICATE_BYTES } from '#shared/vendor-application.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';
import { PDF } from '../support/vendor-applicant.ts';

const BASE = '/api/vendor/insurance/';
const PNG = png();
let t: TestApp;
let dataDir: string;

async function signIn(
  type: 'vendor' | 'property_manager',
  profile?: { insuranceExpiresOn?: string; serviceCategories?: string[] },
) {
  const user = await makeUser(t.db, { type });
  if (profile) await makeVendorProfile(t.db, { userId: user.id, ...profile });
  const client = new TestClient(t.app);
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return { user, client };
}

function upload(client: TestClient, file: Buffer | null, expiresOn?: string, filename = 'cert.pdf') {
  const form = multipart([
    ...(file ? [{ name: 'insurance_certificate', value: file, filename, type: 'application/pdf' }] : []),
    ...(expiresOn === undefined ? [] : [{ name: 'insurance_expires_on', value: expiresOn }]),
  ]);
  return client.request('POST', BASE, { json: form.body, headers: { 'content-type': form.contentType } });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-insurance-'));
  t = await startTestApp({ dataDir });
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /api/vendor/insurance/', () => {
  it('answers the certificate state of the vendor', async () => {
    const { client } = await signIn('vendor', { insuranceExpiresOn: '2020-01-01' });
    const response = await client.get(BASE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      has_certificate: false,
      insurance_expires_on: '2020-01-01',
      is_expired: true,
      certificate_url: null,
      // A date without a file is no certificate (insurance-state.ts).
      status: 'missing',
    });
  });

  it('is for vendors only', async () => {
    expect((await (await signIn('property_manager')).client.get(BASE)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(BASE)).statusCode).toBe(401);
    // A vendor account without a company profile has nothing to show.
    expect((await (await signIn('vendor')).client.get(BASE)).statusCode).toBe(404);
  });
});

describe('POST /api/vendor/insurance/', () => {
  it('stores a new certificate and expiry, serves it back, and lets an expired vendor bid again', async () => {
    const { user, client } = await signIn('vendor', {
      insuranceExpiresOn: '2020-01-01',
      serviceCategories: ['Plumbing'],
    });
    const manager = await makeUser(t.db, { type: 'property_manager' });
    const request = await makeRequest(t.db, { createdById: manager.id, type: 'Plumbing' });
    const bid = { amount: 100, estimated_time: 1, proposed_start_date: '2030-01-01T09:00:00.000Z' };
    const refused = await client.post(`/api/requests/${request.id}/bid/`, bid);
    expect(refused.json().code).toBe('INSURANCE_EXPIRED');

    const expiresOn = inDays(365);
    const response = await upload(client, PDF, expiresOn);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      has_certificate: true,
      insurance_expires_on: expiresOn,
      is_expired: false,
      certificate_url: `${BASE}certificate/`,
      status: 'valid',
    });
    const [row] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
    expect(row!.insuranceCertificateKey).toMatch(/\.pdf$/);
    const file = await client.get(`${BASE}certificate/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    expect((await client.post(`/api/requests/${request.id}/bid/`, bid)).statusCode).toBe(201);
  });

  it('replaces the previous file', async () => {
    const { user, client } = await signIn('vendor', {});
    expect((await upload(client, PDF, inDays(30))).statusCode).toBe(200);
    const [first] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
    expect((await upload(client, PNG, inDays(60), 'cert.png')).statusCode).toBe(200);
    const [second] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
    expect(second!.insuranceCertificateKey).not.toBe(first!.insuranceCertificateKey);
    expect(await t.app.files.get(first!.insuranceCertificateKey!)).toBeNull();
    expect((await client.get(`${BASE}certificate/`)).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['no file', null, inDays(10), 'insurance_certificate', 'Insurance certificate is required'],
    [
      'a file that is not a PDF or image',
      Buffer.from('MZ not really'),
      inDays(10),
      'insurance_certificate',
      'Please upload a PDF or image file',
    ],
    [
      'a file over 5MB',
      Buffer.concat([PDF, Buffer.alloc(MAX_CERTIFICATE_BYTES)]),
      inDays(10),
      'insurance_certificate',
      'File size should be less than 5MB',
    ],
    ['no expiry date', PDF, undefined, 'insurance_expires_on', 'Please enter the expiry date'],
    ['a bad date', PDF, '31/12/2030', 'insurance_expires_on', 'Please enter a valid date'],
    ['a past date', PDF, '2020-01-01', 'insurance_expires_on', 'The expiry date cannot be in the past'],
  ])('refuses %s and keeps what was on file', async (_case, file, expiresOn, field, message) => {
    const { user, client } = await signIn('vendor', { insuranceExpiresOn: '2031-01-01' });
    const response = await upload(client, file, expiresOn);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: [message] });
    const [row] = await t.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
    expect(row).toMatchObject({ insuranceExpiresOn: '2031-01-01', insuranceCertificateKey: null });
  });

  it('is for vendors only and needs the CSRF header', async () => {
    const { client: manager } = await signIn('property_manager');
    expect((await upload(manager, PDF, inDays(10))).statusCode).toBe(403);
    const { client } = await signIn('vendor', {});
    const form = multipart([{ name: 'insurance_certificate', value: PDF, filename: 'c.pdf' }]);
    const noCsrf = await client.request('POST', BASE, {
      json: form.body,
      headers: { 'content-type': form.contentType },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('has no certificate to download before one is uploaded', async () => {
    const { client } = await signIn('vendor', {});
    expect((await client.get(`${BASE}certificate/`)).statusCode).toBe(404);
  });
});
