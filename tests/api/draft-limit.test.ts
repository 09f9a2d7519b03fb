import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { TestClient } from '../support/test-client.ts';
import { companyInfo, PDF, uploadCertificate, VENDOR_BASE } from '../support/vendor-applicant.ts';

// One client address may hold only a few applications in progress: drafts cost rows and
// uploaded certificates, and a visitor needs no account to make them. An office shares one address,
// so a draft left alone for an hour no longer counts against its colleagues; a daily ceiling bounds
// what one address can leave behind.

const MANAGER_BASE = '/api/property-manager-applications';
const TOO_MANY_NOW =
  'Too many applications are being filled in from your network (an office or public Wi-Fi shares one) right now. Please try again in an hour.';
const TOO_MANY_TODAY =
  'Too many applications were started from your network (an office or public Wi-Fi shares one) today. Please try again tomorrow.';
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

const IN_PROGRESS = 10;
const HOUR_MS = 3_600_000;

/** Makes the drafts of `holders` look last saved `hours` ago. */
async function leaveAlone(holders: TestClient[], hours: number): Promise<void> {
  const at = new Date(Date.now() - hours * HOUR_MS);
  for (const holder of holders) {
    const sessionId = sessionIdOf(holder);
    await t.db
      .update(propertyManagerApplications)
      .set({ updatedAt: at })
      .where(eq(propertyManagerApplications.sessionId, sessionId));
    await t.db
      .update(vendorApplications)
      .set({ updatedAt: at })
      .where(eq(vendorApplications.sessionId, sessionId));
  }
}

const sessionIdOf = (client: TestClient) => hashToken(client.cookies.get('fieldbid_session')!);
const startManagerDraft = (client: TestClient) =>
  client.post(`${MANAGER_BASE}/save_building_info/`, buildingInfo);
const startVendorDraft = (client: TestClient) =>
  client.post(`${VENDOR_BASE}/save_company_info/`, companyInfo());

async function draftsFrom(address: string, count = IN_PROGRESS): Promise<TestClient[]> {
  const holders: TestClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = await visitorAt(address);
    const response = i % 2 === 0 ? await startManagerDraft(client) : await startVendorDraft(client);
    expect(response.statusCode).toBe(200);
    holders.push(client);
  }
  return holders;
}

describe('applications in progress per client address', () => {
  it('refuses one more than ten in progress with 429 and plain words, before any upload is read', async () => {
    const address = '10.33.0.1';
    const holders = await draftsFrom(address);

    const eleventh = await visitorAt(address);
    const refused = await startManagerDraft(eleventh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_NOW, code: 'TOO_MANY_APPLICATIONS' });
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await startVendorDraft(eleventh)).statusCode).toBe(429);
    expect((await uploadCertificate(eleventh, PDF)).statusCode).toBe(429);
    const made = await t.db
      .select({ id: vendorApplications.id })
      .from(vendorApplications)
      .where(eq(vendorApplications.sessionId, sessionIdOf(eleventh)));
    expect(made).toHaveLength(0);

    // The drafts already there go on saving, and another address is not affected.
    expect((await uploadCertificate(holders[1]!, PDF)).statusCode).toBe(200);
    expect((await startManagerDraft(holders[0]!)).statusCode).toBe(200);
    expect((await startManagerDraft(await visitorAt('10.33.0.2'))).statusCode).toBe(200);
  });

  it('stops counting a draft once it is submitted or its session has ended', async () => {
    const address = '10.33.1.1';
    const [submitter, , abandoner] = await draftsFrom(address);
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

  it('lets a shared office go on: six colleagues apply in a morning, and a draft left an hour stops counting', async () => {
    const address = '10.33.2.1';
    // Six people behind one office address start the same morning.
    const colleagues = await draftsFrom(address, 6);
    expect(colleagues).toHaveLength(6);

    // Ten more in progress fill the address; once they are left alone an hour, others may start.
    const busy = await draftsFrom('10.33.2.2');
    expect((await startVendorDraft(await visitorAt('10.33.2.2'))).statusCode).toBe(429);
    await leaveAlone(busy, 2);
    expect((await startVendorDraft(await visitorAt('10.33.2.2'))).statusCode).toBe(200);

    // A draft left alone is still its owner's: its next save goes through.
    expect((await startManagerDraft(busy[0]!)).statusCode).toBe(200);
  });

  it('refuses more than thirty started in a day from one address, saying so', async () => {
    const address = '10.33.3.1';
    for (let round = 0; round < 3; round += 1) await leaveAlone(await draftsFrom(address), 2);
    const refused = await startManagerDraft(await visitorAt(address));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_TODAY, code: 'TOO_MANY_APPLICATIONS' });
    expect(refused.headers['retry-after']).toBe('86400');
  });
});
