import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { TestClient } from '../support/test-client.ts';
import { companyInfo, PDF, uploadCertificate, VENDOR_BASE } from '../support/vendor-applicant.ts';

// One client address may hold only a few open applications (issue 13): drafts cost rows and
// uploaded certificates, and a visitor needs no account to make them.

const MANAGER_BASE = '/api/property-manager-applications';
const TOO_MANY =
  'Too many applications are in progress from your network. Please finish one you have started, or try again tomorrow.';
const buildingInfo = {
  building_name: 'Maple Court',
  building_address: '12 Maple St, Denver, CO',
  office_phone: '(303) 555-0100',
  ein: '12-3456789',
  total_employees: 25,
};
let sequence = 0;

let t: TestAppWithFiles;
beforeAll(async () => {
  t = await startTestAppWithFiles('draft-limit');
});
afterAll(async () => {
  await t.close();
});

async function visitorAt(address: string): Promise<TestClient> {
  const client = new TestClient(t.app, address);
  await client.csrfToken();
  return client;
}

const sessionIdOf = (client: TestClient) => hashToken(client.cookies.get('fieldbid_session')!);
const startManagerDraft = (client: TestClient) =>
  client.post(`${MANAGER_BASE}/save_building_info/`, buildingInfo);
const startVendorDraft = (client: TestClient) =>
  client.post(`${VENDOR_BASE}/save_company_info/`, companyInfo());

async function fiveDraftsFrom(address: string): Promise<TestClient[]> {
  const holders: TestClient[] = [];
  for (let i = 0; i < 5; i += 1) {
    const client = await visitorAt(address);
    const response = i % 2 === 0 ? await startManagerDraft(client) : await startVendorDraft(client);
    expect(response.statusCode).toBe(200);
    holders.push(client);
  }
  return holders;
}

describe('open applications per client address', () => {
  it('refuses a sixth with 429 and a clear message, before any upload is read', async () => {
    const address = '10.33.0.1';
    const holders = await fiveDraftsFrom(address);

    const sixth = await visitorAt(address);
    const refused = await startManagerDraft(sixth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY, code: 'TOO_MANY_APPLICATIONS' });
    expect(refused.headers['retry-after']).toBe('86400');
    expect((await startVendorDraft(sixth)).statusCode).toBe(429);
    expect((await uploadCertificate(sixth, PDF)).statusCode).toBe(429);
    const made = await t.db
      .select({ id: vendorApplications.id })
      .from(vendorApplications)
      .where(eq(vendorApplications.sessionId, sessionIdOf(sixth)));
    expect(made).toHaveLength(0);

    // The drafts already there go on saving, and another address is not affected.
    expect((await uploadCertificate(holders[1]!, PDF)).statusCode).toBe(200);
    expect((await startManagerDraft(holders[0]!)).statusCode).toBe(200);
    expect((await startManagerDraft(await visitorAt('10.33.0.2'))).statusCode).toBe(200);
  });

  it('stops counting a draft once it is submitted or its session has ended', async () => {
    const address = '10.33.1.1';
    const [submitter, , abandoner] = await fiveDraftsFrom(address);
    expect((await startManagerDraft(await visitorAt(address))).statusCode).toBe(429);

    // A submitted application is not a draft any more.
    expect(
      (
        await submitter!.post(`${MANAGER_BASE}/save_admin_contact/`, {
          first_name: 'Dana',
          last_name: 'Reyes',
          email: `dana${++sequence}-${Date.now()}@maple.example`,
          phone: '7205550111',
          job_title: 'Property Manager',
        })
      ).statusCode,
    ).toBe(200);
    const company = {
      company_name: 'Maple Holdings',
      company_address: '1 Main St, Denver, CO',
      company_logo: '',
    };
    expect((await submitter!.post(`${MANAGER_BASE}/save_company_info/`, company)).statusCode).toBe(200);
    expect((await submitter!.post(`${MANAGER_BASE}/submit/`)).statusCode).toBe(200);
    expect((await startVendorDraft(await visitorAt(address))).statusCode).toBe(200);
    expect((await startManagerDraft(await visitorAt(address))).statusCode).toBe(429);

    // Another visitor's session ends (a day idle): its draft is no longer open either.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 24 * 3_600_000) })
      .where(eq(sessions.id, sessionIdOf(abandoner!)));
    expect((await startManagerDraft(await visitorAt(address))).statusCode).toBe(200);
    expect((await startManagerDraft(await visitorAt(address))).statusCode).toBe(429);
  });
});
