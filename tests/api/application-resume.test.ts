import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '#server/db/schema/plans.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import type { TestClient } from '../support/test-client.ts';
import {
  companyInfo,
  visitor as newVisitor,
  PDF,
  uploadCertificate,
  VENDOR_BASE,
} from '../support/vendor-applicant.ts';

// A wizard reloaded half way (a phone switching apps to find the PDF) asks the server what its
// session's draft holds and where it stopped, and resumes there. An email that already has an
// account is refused at its own step, under its field, not at the final submit.

const MANAGER_BASE = '/api/property-manager-applications';
const EMAIL_TAKEN = { errors: { email: ['A user with this email already exists.'] } };
const buildingInfo = {
  building_name: 'Maple Court',
  building_address: '12 Maple St, Denver, CO',
  office_phone: '(303) 555-0100',
  ein: '12-3456789',
  total_employees: 25,
};
let sequence = 0;
const adminContact = () => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  email: `dana.resume${++sequence}-${Date.now()}@maple.example`,
  phone: '7205550111',
  job_title: 'Property Manager',
});

let t: TestAppWithFiles;
beforeAll(async () => {
  t = await startTestAppWithFiles('application-resume');
});
afterAll(async () => {
  await t.close();
});

const visitor = (): Promise<TestClient> => newVisitor(t.app);

describe('the property manager draft, as a reloaded wizard reads it', () => {
  it('answers step 0 and no fields before anything is saved', async () => {
    const client = await visitor();
    const response = await client.get(`${MANAGER_BASE}/draft/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ step: 0, fields: {} });
  });

  it('answers the saved fields and the first step not yet saved', async () => {
    const client = await visitor();
    expect((await client.post(`${MANAGER_BASE}/save_building_info/`, buildingInfo)).statusCode).toBe(200);
    expect((await client.get(`${MANAGER_BASE}/draft/`)).json()).toEqual({
      step: 1,
      fields: {
        building_name: 'Maple Court',
        building_address: '12 Maple St, Denver, CO',
        office_phone: '3035550100',
        ein: '123456789',
        total_employees: 25,
      },
    });

    const contact = adminContact();
    expect((await client.post(`${MANAGER_BASE}/save_admin_contact/`, contact)).statusCode).toBe(200);
    const company = { company_name: 'Maple Holdings', company_address: '1 Main St, Denver, CO' };
    expect((await client.post(`${MANAGER_BASE}/save_company_info/`, company)).statusCode).toBe(200);
    const all = (await client.get(`${MANAGER_BASE}/draft/`)).json();
    expect(all.step).toBe(3);
    expect(all.fields).toMatchObject({ email: contact.email, job_title: 'Property Manager' });
    expect(all.fields).toMatchObject({ company_name: 'Maple Holdings', company_logo: null });

    // Another browser (another session) sees nothing of it.
    expect((await (await visitor()).get(`${MANAGER_BASE}/draft/`)).json()).toEqual({ step: 0, fields: {} });

    // Once submitted it is no longer a draft to resume.
    expect((await client.post(`${MANAGER_BASE}/submit/`)).statusCode).toBe(200);
    expect((await client.get(`${MANAGER_BASE}/draft/`)).json()).toEqual({ step: 0, fields: {} });
  });

  it('refuses an email that already has an account at the admin contact step, under the email', async () => {
    const existing = await makeUser(t.db);
    const client = await visitor();
    const response = await client.post(`${MANAGER_BASE}/save_admin_contact/`, {
      ...adminContact(),
      email: existing.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EMAIL_TAKEN);
    expect((await client.get(`${MANAGER_BASE}/draft/`)).json()).toEqual({ step: 0, fields: {} });
  });
});

describe('the vendor draft, as a reloaded wizard reads it', () => {
  it('answers the company fields, the certificate on file and the step to resume at', async () => {
    const client = await visitor();
    expect((await client.get(`${VENDOR_BASE}/draft/`)).json()).toEqual({
      step: 0,
      fields: {},
      insurance_certificate: null,
      plan_id: null,
    });

    const info = companyInfo();
    expect((await client.post(`${VENDOR_BASE}/save_company_info/`, info)).statusCode).toBe(200);
    const afterCompany = (await client.get(`${VENDOR_BASE}/draft/`)).json();
    expect(afterCompany).toMatchObject({ step: 1, insurance_certificate: null, plan_id: null });
    expect(afterCompany.fields).toEqual({
      vendor_name: 'Rocky Plumbing',
      total_employees: 12,
      ein: '987654321',
      registered_state: 'CO',
      industry: 'Plumbing',
      address: '5 Pine Rd, Boulder, CO',
      first_name: 'Sam',
      last_name: 'Ortiz',
      job_title: 'Owner',
      phone: '7205550199',
      email: info.email,
    });

    expect((await uploadCertificate(client, PDF, 'cert.pdf')).statusCode).toBe(200);
    const afterCertificate = (await client.get(`${VENDOR_BASE}/draft/`)).json();
    expect(afterCertificate.step).toBe(2);
    expect(afterCertificate.insurance_certificate).toEqual({
      content_type: 'application/pdf',
      size: PDF.length,
      expires_on: null,
    });

    // Back from the checkout: the plan chosen is answered, and the wizard resumes at the review.
    const [monthly] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
    expect((await client.post(`${VENDOR_BASE}/submit/`, { plan_id: monthly!.id })).statusCode).toBe(200);
    expect((await client.get(`${VENDOR_BASE}/draft/`)).json()).toMatchObject({
      step: 3,
      plan_id: monthly!.id,
    });
  });

  it('refuses an email that already has an account at the company step, under the email', async () => {
    const existing = await makeUser(t.db);
    const client = await visitor();
    const response = await client.post(`${VENDOR_BASE}/save_company_info/`, {
      ...companyInfo(),
      email: existing.email,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EMAIL_TAKEN);
  });
});
